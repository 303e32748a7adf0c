/**
 * A spreadsheet reader thread (`xlsx-pool.ts` starts and feeds it): checks an uploaded xlsx
 * archive against its limits and reads it with exceljs, here and not on the API's event loop, so
 * a workbook that takes seconds to parse holds no other request. Rows go back in batches; a
 * stream waits for the reader's `more` before the next batch, so at most two are in flight.
 */
import { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { CELL_MAX_CHARS, limitExceeded } from './csv.ts';
import { AppError } from './errors.ts';
import type { Cell, ReaderReply, ReaderRequest } from './xlsx-protocol.ts';
import { XLSX_LOAD_LIMITS, XLSX_STREAM_LIMITS, checkXlsx } from './xlsx.ts';

/** Rows per message: small enough that the API thread unpacks a batch in well under a millisecond or so. */
const BATCH_ROWS = 500;
/** Bytes handed to the streaming reader at a time (progress moves with them). */
const SLICE_BYTES = 64 * 1024;

class Stopped extends Error {}

/** Plain value of an exceljs cell (rich text, formulas, hyperlinks reduced to their text/result). */
function plain(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((r) => r.text).join('');
    if ('result' in o) return plain(o.result);
    if ('text' in o) return plain(o.text);
    if ('error' in o) return null;
  }
  return String(v);
}

/** Cells of one exceljs row (its `values` start at index 1), cells over Excel's limit refused. */
function rowOf(values: unknown[], rowNumber: number): Cell[] {
  const out: Cell[] = [];
  for (let i = 1; i < values.length; i++) {
    const cell = plain(values[i]);
    if (typeof cell === 'string' && cell.length > CELL_MAX_CHARS)
      throw limitExceeded('cellChars', CELL_MAX_CHARS, rowNumber);
    out.push(cell);
  }
  return out;
}

/** One read: sends rows in batches and, for streams, waits for the reader between them. */
class Job {
  readonly id: number;
  private batch: Cell[][] = [];
  private stopped = false;
  private waiting: (() => void) | null = null;
  bytes = 0;
  constructor(id: number) {
    this.id = id;
  }
  post(reply: ReaderReply) {
    parentPort?.postMessage(reply);
  }
  more() {
    this.waiting?.();
    this.waiting = null;
  }
  stop() {
    this.stopped = true;
    this.more();
  }
  check() {
    if (this.stopped) throw new Stopped();
  }
  async add(row: Cell[]) {
    this.batch.push(row);
    if (this.batch.length >= BATCH_ROWS) await this.flush();
  }
  async flush() {
    this.check();
    if (!this.batch.length) return;
    const rows = this.batch;
    this.batch = [];
    const wait = new Promise<void>((resolve) => (this.waiting = resolve));
    this.post({ type: 'rows', id: this.id, rows, bytes: this.bytes });
    await wait;
    this.check();
  }
}

async function* slices(data: Buffer, job: Job): AsyncGenerator<Buffer> {
  for (let at = 0; at < data.length; at += SLICE_BYTES) {
    job.check();
    job.bytes = Math.min(data.length, at + SLICE_BYTES);
    yield data.subarray(at, at + SLICE_BYTES);
  }
}

/**
 * Rows of the first worksheet, streamed: exceljs' WorkbookReader parses the sheet XML as it goes,
 * so only a batch of rows is held at a time. Empty rows come as `[]`, so indexes stay the file's
 * row numbers.
 */
async function streamRows(data: Buffer, job: Job): Promise<void> {
  await checkXlsx(data, XLSX_STREAM_LIMITS);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(slices(data, job)), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell dates from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    let expected = 1;
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      for (; expected < row.number; expected++) await job.add([]);
      await job.add(rowOf(row.values as unknown[], row.number));
      expected = row.number + 1;
    }
    break; // first worksheet only
  }
  job.bytes = data.length;
  await job.flush();
}

/**
 * A whole (small) workbook: every sheet but the named hidden one with its rows, empty rows
 * included, and the A1 text of the hidden one. Sheets that exceljs can only read whole (names,
 * visibility and the hidden configuration sheet) are loaded into memory, within the tighter limits.
 */
async function loadSheets(data: Buffer, job: Job, hiddenSheet: string | undefined): Promise<string | null> {
  await checkXlsx(data, XLSX_LOAD_LIMITS);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as never);
  } catch {
    throw new AppError('fileReadError');
  }
  job.bytes = data.length;
  const config = hiddenSheet ? wb.getWorksheet(hiddenSheet) : undefined;
  const a1 = config ? plain(config.getCell('A1').value) : null;
  for (const ws of wb.worksheets) {
    if (ws === config) continue;
    const visible = ws.state === 'visible' || ws.state === undefined;
    await job.flush();
    job.post({ type: 'sheet', id: job.id, name: ws.name, visible });
    const rows: Cell[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, n) => {
      rows[n - 1] = rowOf(row.values as unknown[], n);
    });
    for (let i = 0; i < rows.length; i++) await job.add(rows[i] ?? []);
  }
  await job.flush();
  return a1 === null ? null : String(a1);
}

let current: Job | null = null;

async function run(request: Extract<ReaderRequest, { type: 'read' }>): Promise<void> {
  const job = new Job(request.id);
  current = job;
  const data = Buffer.from(request.data.buffer, request.data.byteOffset, request.data.byteLength);
  try {
    const hidden =
      request.mode === 'stream'
        ? (await streamRows(data, job), null)
        : await loadSheets(data, job, request.hiddenSheet);
    job.post({ type: 'done', id: job.id, hidden });
  } catch (err) {
    if (err instanceof Stopped) job.post({ type: 'done', id: job.id, hidden: null });
    else if (err instanceof AppError)
      job.post({ type: 'fault', id: job.id, key: err.key, detail: err.detail });
    // Anything else exceljs throws is a file it cannot read.
    else job.post({ type: 'fault', id: job.id, key: 'fileReadError' });
  } finally {
    current = null;
  }
}

parentPort?.on('message', (request: ReaderRequest) => {
  if (request.type === 'read') void run(request);
  else if (current?.id === request.id) {
    if (request.type === 'more') current.more();
    else current.stop();
  }
});
