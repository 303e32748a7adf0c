/**
 * The help pages split a text on its `<h2>` headings: each heading and the HTML up to the next one
 * is an entry (one FAQ question, one glossary term, one error code); what stands before the first
 * heading is the introduction. The search box filters these entries.
 */
export type HelpEntry = {
  /** The heading as plain text. */
  title: string;
  /** The HTML after the heading, up to the next `<h2>`. */
  body: string;
};

const H2 = /<h2\b[^>]*>([\s\S]*?)<\/h2\s*>/gi;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of an HTML fragment: tags dropped (a block or line break becomes a space), entities decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<(?:br|\/?(?:p|li|ul|ol|h[1-6]|div|blockquote|pre|tr|td|th))\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The introduction and the entries of a text, in their order. */
export function splitEntries(html: string): { intro: string; entries: HelpEntry[] } {
  const matches = [...html.matchAll(H2)];
  if (matches.length === 0) return { intro: html.trim(), entries: [] };
  const intro = html.slice(0, matches[0].index).trim();
  const entries = matches.map((m, i) => {
    const start = m.index + m[0].length;
    const end = i + 1 < matches.length ? matches[i + 1].index : html.length;
    return { title: textOf(m[1]), body: html.slice(start, end).trim() };
  });
  return { intro, entries };
}

const fold = (s: string) => s.toLocaleLowerCase('de').normalize('NFC');

/**
 * The entries that hold every word of the search in their heading or body text (case-insensitive;
 * markup does not match). An empty search keeps every entry.
 */
export function searchEntries(entries: readonly HelpEntry[], search: string): HelpEntry[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((e) => {
    const haystack = fold(`${e.title} ${textOf(e.body)}`);
    return words.every((w) => haystack.includes(w));
  });
}

/** A tutorial step (`<h2>title</h2><p>…</p>`): its heading as plain text and the HTML after it. */
export function splitStep(html: string): HelpEntry {
  const { intro, entries } = splitEntries(html);
  if (entries.length === 0) return { title: '', body: intro };
  // Whatever stood before the heading stays with the text rather than being lost.
  const rest = entries
    .slice(1)
    .map((e) => `<h2>${escapeText(e.title)}</h2>${e.body}`)
    .join('');
  return { title: entries[0].title, body: [intro, entries[0].body, rest].filter(Boolean).join('') };
}

/** Text put into HTML as text: `&`, `<`, `>` and quotes escaped. */
export function escapeText(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`,
  );
}

/** The HTML of a tutorial step from its plain-text title and its HTML text (no heading for an empty title). */
export function joinStep(title: string, body: string): string {
  const heading = title.trim() ? `<h2>${escapeText(title.trim())}</h2>` : '';
  return `${heading}${body.trim()}`;
}
