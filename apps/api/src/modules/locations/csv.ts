import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

import { splitCsvLine } from '../../platform/csv.ts';

/** Splits one line of these data sets: commas, RFC 4180 quotes, no line breaks inside cells. */
export const parseCsvLine = (line: string): string[] => splitCsvLine(line, ',');

export type CsvRepair = {
  /** Rewrites a raw data line before it is split. */
  line?: (line: string) => string;
  /** Rearranges the cells of a row that does not have one cell per header column. */
  cells?: (cells: string[], header: string[]) => string[];
};

/** Streams the rows of a CSV file (gzip by extension) as objects keyed by the header line. */
export async function* readCsv(file: string, repair: CsvRepair = {}): AsyncGenerator<Record<string, string>> {
  const raw = createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  const lines = createInterface({ input, crlfDelay: Infinity });
  let header: string[] | null = null;
  for await (const line of lines) {
    if (!line) continue;
    if (!header) {
      header = parseCsvLine(line.replace(/^\uFEFF/, '')).map((h) => h.trim());
      continue;
    }
    let cells = parseCsvLine(repair.line ? repair.line(line) : line);
    if (cells.length !== header.length && repair.cells) cells = repair.cells(cells, header);
    const row: Record<string, string> = {};
    for (let i = 0; i < header.length; i++) row[header[i]] = (cells[i] ?? '').trim();
    yield row;
  }
}
