import ExcelJS from 'exceljs';
import { crc32, deflateRawSync } from 'node:zlib';
import { Zip, ZipDeflate, unzipSync } from 'fflate';

/**
 * Hostile xlsx files for the upload tests: a real workbook whose title cell A1 is a shared string
 * of `bytes` letters, written by a streaming deflater so that a few hundred kilobytes of ZIP
 * hold hundreds of megabytes without the test ever holding them.
 */
export async function sharedStringBomb(bytes: number, rows: unknown[][] = []): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Daten');
  ws.addRow(['PLACEHOLDER', 'Sendung']);
  for (const r of rows) ws.addRow(r);
  const parts = unzipSync(new Uint8Array(await wb.xlsx.writeBuffer()));
  const out: Uint8Array[] = [];
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const zip = new Zip((err, chunk, final) => {
    if (err) throw err;
    out.push(chunk);
    if (final) done();
  });
  for (const [name, data] of Object.entries(parts)) {
    const entry = new ZipDeflate(name, { level: 9 });
    zip.add(entry);
    const text = Buffer.from(data).toString('utf8');
    if (!name.endsWith('sharedStrings.xml')) {
      entry.push(data, true);
      continue;
    }
    const [before, after] = text.split('PLACEHOLDER');
    entry.push(Buffer.from(before));
    const MB = Buffer.alloc(1024 * 1024, 'x');
    for (let left = bytes; left > 0; left -= MB.length)
      entry.push(left >= MB.length ? MB : MB.subarray(0, left));
    entry.push(Buffer.from(after), true);
  }
  zip.end();
  await finished;
  return Buffer.concat(out);
}

/**
 * The same archive with the directory's uncompressed size of the shared-string part rewritten to
 * `declared` bytes: the directory lies about how much the part inflates to.
 */
export function lieAboutSizes(zip: Buffer, declared: number): Buffer {
  const out = Buffer.from(zip);
  const name = Buffer.from('xl/sharedStrings.xml');
  // Central directory headers (PK\1\2): uncompressed size at +24, name at +46.
  for (let at = out.indexOf('PK\u0001\u0002'); at !== -1; at = out.indexOf('PK\u0001\u0002', at + 4)) {
    if (out.subarray(at + 46, at + 46 + name.length).equals(name)) out.writeUInt32LE(declared, at + 24);
  }
  return out;
}

/** Column letters of the 1-based column `n` (1 = A, 27 = AA). */
const columnName = (n: number): string => {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
};

/** A ZIP archive of the parts, deflated by zlib (native, so tens of megabytes take a moment). */
function zipOf(parts: [string, Buffer][]): Buffer {
  const out: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of parts) {
    const packed = deflateRawSync(data, { level: 9 });
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    out.push(local, fileName, packed);
    directory.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const size = directory.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, ...directory, end]);
}

/** The parts of a real one-sheet workbook, as exceljs writes it. */
async function workbookParts(sheet: string, hidden?: { name: string; text: string }) {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet(sheet).addRow(['PLACEHOLDER']);
  if (hidden) wb.addWorksheet(hidden.name, { state: 'veryHidden' }).getCell('A1').value = hidden.text;
  return Object.entries(unzipSync(new Uint8Array(await wb.xlsx.writeBuffer()))).map(
    ([name, data]) => [name, Buffer.from(data)] as [string, Buffer],
  );
}

/**
 * A real workbook whose first sheet holds, after the title row `titles`, `rows` rows of
 * `columns` number cells. `distinct: false` repeats one row (same row number) so that the
 * archive stays a few hundred kilobytes however large the sheet: a parser still reads every
 * cell. The sheet XML is about 25 bytes per cell.
 */
export async function cellsBomb(
  rows: number,
  columns: number,
  options: {
    sheet?: string;
    titles?: string[];
    distinct?: boolean;
    hidden?: { name: string; text: string };
  } = {},
): Promise<Buffer> {
  const names = Array.from({ length: columns }, (_, i) => columnName(i + 1));
  const titles = options.titles ?? ['Titel'];
  const rowXml = (r: number) =>
    `<row r="${r}">${names.map((c) => `<c r="${c}${r}"><v>${r % 10}</v></c>`).join('')}</row>`;
  const parts = await workbookParts(options.sheet ?? 'Daten', options.hidden);
  return zipOf(
    parts.map(([name, data]): [string, Buffer] => {
      if (name !== 'xl/worksheets/sheet1.xml') return [name, data];
      const text = data.toString('utf8');
      const head = text.slice(0, text.indexOf('<sheetData>') + '<sheetData>'.length);
      const tail = text.slice(text.indexOf('</sheetData>'));
      const title = `<row r="1">${titles.map((t, i) => `<c r="${names[i] ?? columnName(i + 1)}1" t="inlineStr"><is><t>${t}</t></is></c>`).join('')}</row>`;
      const body =
        options.distinct === false
          ? Buffer.from(rowXml(2)).toString('latin1').repeat(rows)
          : Array.from({ length: rows }, (_, i) => rowXml(i + 2)).join('');
      return [
        name,
        Buffer.concat([Buffer.from(head + title), Buffer.from(body, 'latin1'), Buffer.from(tail)]),
      ];
    }),
  );
}

/** A real workbook followed by `count` empty parts: each costs a directory entry and a header. */
export async function manyEntries(count: number): Promise<Buffer> {
  const parts = await workbookParts('Daten');
  for (let i = 0; i < count; i++) parts.push([`xl/media/empty${i}.bin`, Buffer.alloc(0)]);
  return zipOf(parts);
}
