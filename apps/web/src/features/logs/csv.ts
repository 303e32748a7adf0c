import { saveBlob } from '../../components/files.ts';
/** CSV for spreadsheets: German Excel expects semicolons; a BOM keeps umlauts intact. */
export function toCsv(rows: string[][], lang: 'de' | 'en'): string {
  const sep = lang === 'de' ? ';' : ',';
  const esc = (v: string) => {
    // A leading formula character would be executed by the spreadsheet.
    const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /["\n\r;,]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return '\ufeff' + rows.map((r) => r.map(esc).join(sep)).join('\r\n');
}

export function download(fileName: string, content: string, type = 'text/csv;charset=utf-8') {
  saveBlob(new Blob([content], { type }), fileName);
}
