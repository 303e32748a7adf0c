import ExcelJS from 'exceljs';
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
