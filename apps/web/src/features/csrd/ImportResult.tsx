import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { ExcelImport } from '@klimadesk/contract/csrd/schemas';
import { currentLanguage } from '../../app/i18n.ts';
import { formatNumber } from '../../components/format.ts';

/** Invalid rows grouped by sheet, in row order, for the warning (seed 001 §8). */
export function invalidRowsBySheet(result: Pick<ExcelImport, 'issues'>): { sheet: string; rows: number[] }[] {
  const bySheet = new Map<string, Set<number>>();
  for (const i of result.issues) bySheet.set(i.sheet, (bySheet.get(i.sheet) ?? new Set()).add(i.row));
  return [...bySheet].map(([sheet, rows]) => ({ sheet, rows: [...rows].sort((a, b) => a - b) }));
}

/**
 * The outcome of an indicator upload: added, updated and invalid rows per sheet, and a warning that
 * lists the invalid rows of each sheet with their reasons (seed 001 §8 "Indicator import").
 */
export function ImportResult({
  result,
  withIssues = true,
}: {
  result: ExcelImport;
  /** False where the import dialog lists the invalid rows itself. */
  withIssues?: boolean;
}) {
  const { t } = useTranslation('csrd');
  const lang = currentLanguage();
  const n = (v: number) => formatNumber(v, lang, 0);
  const invalid = invalidRowsBySheet(result);
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="import-result">
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('import.resultLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('import.sheet')}</TableCell>
              <TableCell align="right">{t('import.added')}</TableCell>
              <TableCell align="right">{t('import.updated')}</TableCell>
              <TableCell align="right">{t('import.invalid')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.sheets.map((s) => (
              <TableRow key={s.sheet} data-testid={`import-sheet-${s.sheet}`}>
                <TableCell>{s.sheet}</TableCell>
                <TableCell align="right">{n(s.added)}</TableCell>
                <TableCell align="right">{n(s.updated)}</TableCell>
                <TableCell
                  align="right"
                  sx={s.invalid ? { color: 'warning.dark', fontWeight: 600 } : undefined}
                >
                  {n(s.invalid)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {withIssues && invalid.length > 0 && (
        <Alert severity="warning" data-testid="import-warning">
          <AlertTitle>{t('import.warningTitle')}</AlertTitle>
          {invalid.map((s) => (
            <div key={s.sheet}>
              {t('import.warningRows', { sheet: s.sheet, rows: s.rows.join(', '), count: s.rows.length })}
            </div>
          ))}
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
            {result.issues.slice(0, 20).map((i) => (
              <li key={`${i.sheet}-${i.row}-${i.column ?? ''}-${i.code}`}>
                {t('import.issue', {
                  sheet: i.sheet,
                  row: i.row,
                  column: i.column ?? '–',
                  reason: t(`import.codes.${i.code}`, { defaultValue: i.code }),
                })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
