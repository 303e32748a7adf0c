/**
 * Text folding of the activity search (issue 18): lower case, accents and umlauts removed, ß as
 * ss, punctuation as single spaces. The same folding writes the stored search columns and reads
 * the term, so "Flüssiggas", "flussiggas" and "FLUESSIGGAS" meet; PGlite has no unaccent.
 */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The German spelling with umlauts written out (ä → ae), as people type without a German keyboard. */
function foldUmlauts(text: string): string {
  return fold(text.replace(/ä/gi, 'ae').replace(/ö/gi, 'oe').replace(/ü/gi, 'ue'));
}

/** `|a|b|` of the folded texts, so a name's start is `|term` and a word's start ` term`. */
const joined = (texts: string[]) => `|${[...new Set(texts.filter(Boolean))].join('|')}|`;

/** The stored names column: both languages' names and the internal name. */
export function searchNames(names: string[]): string {
  return joined(names.map(fold));
}

/** The stored search column: names and synonyms of both languages, also with umlauts written out. */
export function searchText(names: string[], synonyms: string[]): string {
  const all = [...names, ...synonyms];
  return joined([...all.map(fold), ...all.map(foldUmlauts)]);
}
