import { describe, expect, it } from 'vitest';
import { parseCsv, splitCsvLine } from './csv.ts';

describe('parseCsv', () => {
  it('reads semicolon files with quotes and CRLF', () => {
    expect(parseCsv('\uFEFFa;b;c\r\n"x;1";"say ""hi""";3\r\n\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['x;1', 'say "hi"', '3'],
    ]);
  });
  it('detects comma delimiters and keeps empty cells', () => {
    expect(parseCsv('a,b,c\n1,,3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
    ]);
  });
  it('keeps line breaks inside quoted cells', () => {
    expect(parseCsv('a;b\n"line1\nline2";2')).toEqual([
      ['a', 'b'],
      ['line1\nline2', '2'],
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
