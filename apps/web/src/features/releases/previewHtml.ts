// The tags and link schemes the API keeps (apps/api/src/platform/html.ts): the preview shows a
// note as it will read after saving, without ever running what was typed.
const TAGS = new Set(
  'h1 h2 h3 h4 h5 h6 p br hr ul ol li strong b em i u s blockquote code pre a span div'.split(' '),
);
const SCHEMES = /^(https?|mailto|tel):/i;

function clean(node: Node, out: Document): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return out.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  const children = [...el.childNodes].map((c) => clean(c, out)).filter((c): c is Node => c !== null);
  // Unknown tags are dropped with what they hold when they hold code, else unwrapped to their text.
  if (!TAGS.has(tag)) {
    if (tag === 'script' || tag === 'style' || tag === 'iframe' || tag === 'object') return null;
    const frag = out.createDocumentFragment();
    children.forEach((c) => frag.appendChild(c));
    return frag;
  }
  const copy = out.createElement(tag);
  const href = tag === 'a' ? el.getAttribute('href')?.trim() : undefined;
  if (href && SCHEMES.test(href)) {
    copy.setAttribute('href', href);
    copy.setAttribute('target', '_blank');
    copy.setAttribute('rel', 'noopener noreferrer');
  }
  children.forEach((c) => copy.appendChild(c));
  return copy;
}

/** The HTML of a note's description as the server will keep it (attributes, scripts and styles gone). */
export function previewHtml(html: string): string {
  // A parsed document is inert: nothing in it loads or runs.
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  for (const child of parsed.body.childNodes) {
    const c = clean(child, out);
    if (c) root.appendChild(c);
  }
  return root.innerHTML;
}
