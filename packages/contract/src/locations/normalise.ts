/** Trims and collapses whitespace, as the seed asks of every location search term (seed 000 §5). */
export function collapseWhitespace(s: string): string {
  return s.trim().replace(/\s+/g, ' ');
}

/**
 * The search key of a name or term: decomposed, combining marks removed, ß → ss, lower case,
 * whitespace collapsed ("  Köln" and "koln" fold together). Shared so web and API agree.
 */
export function searchKey(s: string): string {
  return collapseWhitespace(
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ß/g, 'ss')
      .replace(/[øØ]/g, 'o')
      .replace(/[łŁ]/g, 'l')
      .replace(/[đĐ]/g, 'd')
      .replace(/[æÆ]/g, 'ae')
      .replace(/[œŒ]/g, 'oe')
      .toLowerCase(),
  );
}

const GERMAN_FOLD: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'ae', Ö: 'oe', Ü: 'ue' };

/**
 * The German transliteration key ("München" → "muenchen"); stored beside `searchKey` so that
 * typing "Muenchen" finds München as well as "munchen" does.
 */
export function transliterationKey(s: string): string {
  return searchKey(s.normalize('NFC').replace(/[äöüÄÖÜ]/g, (c) => GERMAN_FOLD[c]));
}
