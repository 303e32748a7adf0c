import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { appFailure as failure } from '../../test/errors.ts';
import {
  CELL_MAX_CHARS,
  CSV_MAX_RECORD_BYTES,
  csvRows,
  parseCsv,
  splitCsvLine,
  yieldingSlices,
} from './csv.ts';

async function rows(text: string, delimiter: string | 'detect') {
  const out: string[][] = [];
  for await (const r of csvRows(yieldingSlices(Buffer.from(text)), delimiter)) out.push(r);
  return out;
}

describe('parseCsv', () => {
  it('reads semicolon files with quotes and CRLF', async () => {
    expect(await parseCsv('\uFEFFa;b;c\r\n"x;1";"say ""hi""";3\r\n\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['x;1', 'say "hi"', '3'],
    ]);
  });
  it('detects comma delimiters and keeps empty cells', async () => {
    expect(await parseCsv('a,b,c\n1,,3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
    ]);
  });
  it('keeps line breaks inside quoted cells', async () => {
    expect(await parseCsv('a;b\n"line1\nline2";2')).toEqual([
      ['a', 'b'],
      ['line1\nline2', '2'],
    ]);
  });
  it('reads UTF-8 characters split across slices', async () => {
    const cell = 'ä'.repeat(30_000); // 60,000 bytes: the second one crosses the first slice's end
    const parsed = await parseCsv(Buffer.from(`a;b\n${cell};ö\n${cell};ü\n`));
    expect(parsed.slice(1)).toEqual([
      [cell, 'ö'],
      [cell, 'ü'],
    ]);
  });
  it('refuses an unclosed quote that runs past the record limit, naming the limit', async () => {
    const hostile = `a;b\n"${'x;'.repeat(240_000)}`;
    expect(await failure(parseCsv(hostile))).toEqual({
      key: 'fileLimitExceeded',
      detail: { limit: 'recordBytes', max: CSV_MAX_RECORD_BYTES, row: 2 },
    });
  });
  it('refuses an unclosed quote at the end as unreadable', async () => {
    expect(await failure(parseCsv('a;b\n"x;1\n'))).toEqual({
      key: 'fileReadError',
      detail: { reason: 'CSV_QUOTE_NOT_CLOSED', row: 2 },
    });
  });
  it('refuses a cell longer than an Excel cell', async () => {
    const res = await failure(parseCsv(`a;b\n${'x'.repeat(CELL_MAX_CHARS + 1)};1\n`));
    expect(res).toEqual({
      key: 'fileLimitExceeded',
      detail: { limit: 'cellChars', max: CELL_MAX_CHARS, row: 2 },
    });
  });
  it('lets other work run while a large file is parsed', async () => {
    const big = `a;b\n${'1234567890;abcdefghij\n'.repeat(200_000)}`; // 4.4 MB
    let turns = 0;
    let parsing = true;
    const count = async () => {
      while (parsing) {
        await nextTurn();
        turns++;
      }
    };
    const counting = count();
    const parsed = await parseCsv(big);
    parsing = false;
    await counting;
    expect(parsed).toHaveLength(200_001);
    // One turn per slice of 64 KB at least: the parser never held the loop for the whole file.
    expect(turns).toBeGreaterThan(50);
  });
});

describe('csvRows', () => {
  it('keeps empty lines as empty records so record numbers stay those of the file', async () => {
    expect(await rows('a;b\n\nc;d\n', ';')).toEqual([['a', 'b'], [''], ['c', 'd']]);
  });
  it('uses the given delimiter and keeps stray quotes inside unquoted cells', async () => {
    expect(await rows('a|b\n5" pipe|x\n', '|')).toEqual([
      ['a', 'b'],
      ['5" pipe', 'x'],
    ]);
  });
});

describe('splitCsvLine', () => {
  it('splits with any delimiter and unescapes doubled quotes', () => {
    expect(splitCsvLine('a;"b;c";"d ""e"""', ';')).toEqual(['a', 'b;c', 'd "e"']);
    expect(splitCsvLine('DE,10115,Berlin,"Berlin, Stadt",11000')).toEqual([
      'DE',
      '10115',
      'Berlin',
      'Berlin, Stadt',
      '11000',
    ]);
  });
});
