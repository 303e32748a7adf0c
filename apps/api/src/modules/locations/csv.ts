import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

/** Splits one CSV line (RFC 4180 quoting, no embedded line breaks in these data sets). */
export function parseCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"') {
        if (line[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

/** Streams the rows of a CSV file (gzip by extension) as objects keyed by the header line. */
export async function* readCsv(file: string): AsyncGenerator<Record<string, string>> {
  const raw = createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  const lines = createInterface({ input, crlfDelay: Infinity });
  let header: string[] | null = null;
  for await (const line of lines) {
    if (!line) continue;
    const cells = parseCsvLine(header ? line : line.replace(/^\uFEFF/, ''));
    if (!header) {
      header = cells.map((h) => h.trim());
      continue;
    }
    const row: Record<string, string> = {};
    for (let i = 0; i < header.length; i++) row[header[i]] = (cells[i] ?? '').trim();
    yield row;
  }
}
