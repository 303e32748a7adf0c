/** Messages between the API thread (`xlsx-pool.ts`) and a spreadsheet reader thread (`xlsx-worker.ts`). */
import type { ErrorKey } from '@klimadesk/contract/platform/errors';

/** A cell as read from a file. */
export type Cell = string | number | boolean | Date | null;

/** `stream`: the first sheet row by row (imports); `load`: every sheet of a small workbook. */
export type ReadMode = 'stream' | 'load';

export type ReaderRequest =
  | { type: 'read'; id: number; mode: ReadMode; data: Uint8Array; hiddenSheet?: string }
  /** The reader took the last batch: send the next. */
  | { type: 'more'; id: number }
  /** The reader needs no more rows. */
  | { type: 'stop'; id: number };

export type ReaderReply =
  /** The rows that follow belong to this sheet (`load` only). */
  | { type: 'sheet'; id: number; name: string; visible: boolean }
  /** Rows in file order; `bytes` of the file consumed so far. */
  | { type: 'rows'; id: number; rows: Cell[][]; bytes: number }
  /** The read ended; `hidden` is the named hidden sheet's A1 text (`load`). */
  | { type: 'done'; id: number; hidden: string | null }
  /** A catalogue error of the file (a limit, an unreadable archive). */
  | { type: 'fault'; id: number; key: ErrorKey; detail?: Record<string, unknown> };
