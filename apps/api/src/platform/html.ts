import sanitize from 'sanitize-html';

/**
 * The one HTML sanitiser of the API, for texts the platform admin writes (release notes, help
 * texts, FAQ, glossary): headings, paragraphs, lists, emphasis and links; links keep only the
 * schemes http, https, mailto and tel. Scripts, styles, event handlers and every other attribute go.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'code',
    'pre',
    'a',
    'span',
    'div',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links that open elsewhere cannot reach back into the app (reverse tabnabbing).
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** Sanitised HTML (or plain text, returned escaped where it holds `<`, `>` or `&`). */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
