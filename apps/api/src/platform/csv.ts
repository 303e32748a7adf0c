/** CSV reading shared by every import: RFC 4180 quoting with `""` escapes and any delimiter. */

/** Splits one CSV record into cells. */
export function splitCsvLine(line: string, delimiter = ','): string[] {
  if (!line.includes('"')) return line.split(delimiter);
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      out.push(cell);
      cell = '';
    } else cell += c;
  }
  out.push(cell);
  return out;
}

/** `;` when the header line has at least as many semicolons as commas (German spreadsheets). */
export function detectDelimiter(headerLine: string): ';' | ',' {
  return (headerLine.match(/;/g) ?? []).length >= (headerLine.match(/,/g) ?? []).length ? ';' : ',';
}

const unbalanced = (text: string) => (text.match(/"/g)?.length ?? 0) % 2 === 1;

/** Joins physical lines into records: a quoted cell may hold line breaks. */
export function* csvRecords(lines: Iterable<string>): Generator<string> {
  let pending: string | null = null;
  for (const line of lines) {
    const text: string = pending === null ? line : `${pending}\n${line}`;
    if (unbalanced(text)) {
      pending = text;
      continue;
    }
    pending = null;
    yield text;
  }
  if (pending !== null) yield pending;
}

/** The same for streamed lines (readline), so large files are never held whole. */
export async function* csvRecordsAsync(lines: AsyncIterable<string>): AsyncGenerator<string> {
  let pending: string | null = null;
  for await (const line of lines) {
    const text: string = pending === null ? line : `${pending}\n${line}`;
    if (unbalanced(text)) {
      pending = text;
      continue;
    }
    pending = null;
    yield text;
  }
  if (pending !== null) yield pending;
}

/** A whole small CSV text (at most the 10 MB upload limit) as rows; blank rows dropped. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const lines = body.split(/\r?\n|\r/);
  const delimiter = detectDelimiter(lines[0] ?? '');
  const rows: string[][] = [];
  for (const record of csvRecords(lines)) {
    const cells = splitCsvLine(record, delimiter);
    if (cells.some((c) => c.trim() !== '')) rows.push(cells);
  }
  return rows;
}
