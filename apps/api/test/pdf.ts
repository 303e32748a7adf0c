import { inflateSync } from 'node:zlib';

const winAnsi = new TextDecoder('windows-1252');

/**
 * The text a PDF shows, one line per text operator: content streams are inflated where
 * compressed, and the hex strings of each TJ/Tj (pdfkit writes standard fonts in WinAnsi) are
 * decoded and joined, dropping the kerning numbers between them.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  // The stream length comes from the dictionary: compressed bytes may themselves end in \r, so a
  // pattern up to `endstream` would cut them off now and then.
  for (const m of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const data = Buffer.from(raw.slice(start, start + Number(m[1])), 'latin1');
    let content: string;
    try {
      content = inflateSync(data).toString('latin1');
    } catch {
      content = data.toString('latin1');
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const pieces =
        op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((p) => p[1]) : [op[2]];
      lines.push(pieces.map((h) => winAnsi.decode(Buffer.from(h, 'hex'))).join(''));
    }
  }
  return lines.join('\n');
}
