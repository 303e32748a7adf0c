import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The documents' typeface: DejaVu Sans (npm `dejavu-fonts-ttf`, Bitstream Vera licence), embedded
 * as a subset so every European name prints (Łódź, Plzeň, Şanlıurfa, Θεσσαλονίκη), which pdfkit's
 * standard Helvetica (WinAnsi only) cannot. Read once per process; each document registers the bytes.
 */
const require = createRequire(import.meta.url);
const load = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));

export const FONT_FILES = { regular: load('DejaVuSans.ttf'), bold: load('DejaVuSans-Bold.ttf') };

/** The names the fonts are registered under in every document of the kit. */
export const REGULAR = 'Body';
export const BOLD = 'Body-Bold';

/** Registers the regular and bold fonts on a new document and selects the regular one. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont(REGULAR, FONT_FILES.regular);
  doc.registerFont(BOLD, FONT_FILES.bold);
  doc.font(REGULAR);
}
