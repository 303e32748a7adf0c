/**
 * Upload reading benchmark (not a test): CSV parsing of an ordinary and of hostile files, and the
 * xlsx archive check, each with the longest stretch the event loop was held meanwhile.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { parseCsv } from '../src/platform/csv.ts';
import { checkXlsx } from '../src/platform/xlsx.ts';
import { sharedStringBomb } from '../test/xlsx-bomb.ts';

async function measure(label: string, bytes: number, work: () => Promise<unknown>): Promise<void> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const started = performance.now();
  let outcome = 'ok';
  try {
    await work();
  } catch (err) {
    outcome = (err as Error).message;
  }
  loop.disable();
  const ms = performance.now() - started;
  const mb = (bytes / 1e6).toFixed(1);
  console.log(
    `${label.padEnd(34)} ${mb.padStart(6)} MB ${ms.toFixed(0).padStart(6)} ms  longest block ${(loop.max / 1e6).toFixed(1).padStart(5)} ms  ${outcome}`,
  );
}

const row = (i: number) =>
  `T-${i};S-${i};02.03.2026;HH-AB ${i % 100};road_in_12_20t_diesel;"1.234,5";Hamburg;Berlin;Kunde ${i % 50}\n`;
const ordinary = Buffer.from(
  `Tour;Sendung;Datum;Kennzeichen;GLEC-Typ;Gewicht;Von;Nach;Kunde\n${Array.from({ length: 50_000 }, (_, i) => row(i)).join('')}`,
);
const unclosed = (bytes: number) =>
  Buffer.from(`Kennzeichen;Beschreibung\n"HH-X 1;offen\n${'HH-AB 1234;Sattelzug\n'.repeat(bytes / 21)}`);

const wb = new ExcelJS.Workbook();
const ws = wb.addWorksheet('Daten');
ws.addRow(['Tour', 'Sendung', 'Datum', 'Kennzeichen', 'Gewicht']);
for (let i = 0; i < 50_000; i++)
  ws.addRow([`T-${i}`, `S-${i}`, new Date(2026, 2, 2), `HH-AB ${i % 100}`, 1234.5]);
const workbook = Buffer.from(await wb.xlsx.writeBuffer());
const bomb = await sharedStringBomb(300 * 1024 * 1024);

for (let round = 0; round < 2; round++) {
  console.log(`round ${round + 1}${round === 0 ? ' (cold)' : ''}`);
  await measure('csv, 50,000 ordinary rows', ordinary.length, () => parseCsv(ordinary));
  await measure('csv, unclosed quote, 480 KB', 480_000, () => parseCsv(unclosed(480_000)));
  await measure('csv, unclosed quote, 9 MB', 9_000_000, () => parseCsv(unclosed(9_000_000)));
  await measure('xlsx check, 50,000 rows', workbook.length, () => checkXlsx(workbook));
  await measure('xlsx check, 300 MB shared string', bomb.length, () => checkXlsx(bomb));
}
