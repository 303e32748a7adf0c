import { inflateSync } from 'node:zlib';

const winAnsi = new TextDecoder('windows-1252');

type PdfObject = { dict: string; stream: string | null };

/** Every `n 0 obj` of a PDF with its dictionary and its (inflated) stream. */
function pdfObjects(pdf: Buffer): Map<string, PdfObject> {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, PdfObject>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf('endobj', start);
    const body = raw.slice(start, end);
    // The stream length comes from the dictionary: compressed bytes may themselves end in \r, so a
    // pattern up to `endstream` would cut them off now and then.
    const s = /\/Length (\d+)[^>]*>>\s*stream\r?\n/.exec(body);
    let stream: string | null = null;
    if (s) {
      const from = s.index + s[0].length;
      const data = Buffer.from(body.slice(from, from + Number(s[1])), 'latin1');
      try {
        stream = inflateSync(data).toString('latin1');
      } catch {
        stream = data.toString('latin1');
      }
    }
    objects.set(m[1], { dict: s ? body.slice(0, s.index) : body, stream });
  }
  return objects;
}

/** A ToUnicode CMap (bfchar and bfrange, as pdfkit writes them) as glyph code → text. */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  // A ligature maps to several code units, written `<0066 0066>` (ff).
  const utf16 = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const p of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g))
      map.set(parseInt(p[1], 16), utf16(p[2]));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const r of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const lo = parseInt(r[1], 16);
      const hi = parseInt(r[2], 16);
      if (r[3].startsWith('[')) {
        [...r[3].matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((u, i) => map.set(lo + i, utf16(u[1])));
      } else {
        const first = parseInt(r[3].slice(1, -1), 16);
        for (let c = lo; c <= hi; c++) map.set(c, String.fromCodePoint(first + c - lo));
      }
    }
  }
  return map;
}

/** The base font names a PDF uses (`DejaVuSans`, `DejaVuSans-Bold`), without subset prefixes. */
export function pdfFonts(pdf: Buffer): string[] {
  const names = new Set<string>();
  for (const o of pdfObjects(pdf).values()) {
    const m = /\/BaseFont \/(?:[A-Z]{6}\+)?([^\s/>]+)/.exec(o.dict);
    if (m) names.add(m[1]);
  }
  return [...names].sort();
}

/**
 * The text a PDF shows, one line per text operator: content streams are inflated where
 * compressed, the font of each run is followed (`Tf`), and the hex strings of each TJ/Tj are
 * decoded through the font's ToUnicode map (embedded fonts, two bytes a glyph) or as WinAnsi
 * (standard fonts), dropping the kerning numbers between them.
 */
export function pdfText(pdf: Buffer): string {
  const objects = pdfObjects(pdf);
  // Font resource names (F1, F2 …) are the same on every page of a pdfkit document.
  const cmaps = new Map<string, Map<number, string>>();
  for (const o of objects.values()) {
    for (const f of o.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const unicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(f[2])?.dict ?? '');
      const cmap = unicode && objects.get(unicode[1])?.stream;
      if (cmap) cmaps.set(f[1], toUnicode(cmap));
    }
  }
  const lines: string[] = [];
  for (const o of objects.values()) {
    if (!o.stream || /\/Type|\/Subtype|\/Length1/.test(o.dict)) continue;
    let cmap: Map<number, string> | undefined;
    const ops = /\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (const op of o.stream.matchAll(ops)) {
      if (op[1]) {
        cmap = cmaps.get(op[1]);
        continue;
      }
      const pieces =
        op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((p) => p[1]) : [op[3]];
      const decode = (hex: string) =>
        cmap
          ? (hex.match(/.{4}/g) ?? []).map((code) => cmap!.get(parseInt(code, 16)) ?? '\ufffd').join('')
          : winAnsi.decode(Buffer.from(hex, 'hex'));
      lines.push(pieces.map(decode).join(''));
    }
  }
  return lines.join('\n');
}
