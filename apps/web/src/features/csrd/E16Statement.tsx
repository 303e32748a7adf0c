import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract';
import type { CsrdE16, E16Status } from '@klimadesk/contract/csrd/statements';
import type { IndicatorValue } from '@klimadesk/contract/csrd/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { formatNumber } from '../../components/format.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { useResetState } from '../../components/useResetState.ts';

type Row = { key: string; label: string; value: string; strong?: boolean };

/**
 * The rows E1-6 shows (ESRS E1 §44-§53): scope 1, scope 2 both ways, each scope 3 category, totals
 * both ways, biogenic CO2 apart and the intensity per net revenue, in t CO2e to one decimal.
 */
export function e16Rows(
  e: CsrdE16,
  t: (key: string, o?: Record<string, unknown>) => string,
  lang: Language,
): Row[] {
  const f = e.footprint;
  if (!f) return [];
  const tonnes = (kg: number) => `${formatNumber(kg / 1000, lang, 1)} t CO2e`;
  const intensity = (x: number | null) =>
    x === null ? null : `${formatNumber(x, lang, 2)} ${t('e16.perMillion')}`;
  const rows: (Row | null)[] = [
    { key: 'scope1', label: t('cfcTakeOver.scope1'), value: tonnes(f.scope1Kg) },
    { key: 'scope2l', label: t('cfcTakeOver.scope2Location'), value: tonnes(f.scope2LocationBasedKg) },
    { key: 'scope2m', label: t('cfcTakeOver.scope2Market'), value: tonnes(f.scope2MarketBasedKg) },
    ...f.scope3Categories.map((c) => ({
      key: `s3-${c.category ?? 'none'}`,
      label: c.category === null ? t('e16.scope3None') : t('e16.scope3Category', { n: c.category }),
      value: tonnes(c.kg),
    })),
    { key: 'scope3', label: t('cfcTakeOver.scope3'), value: tonnes(f.scope3Kg) },
    { key: 'totall', label: t('e16.totalLocation'), value: tonnes(f.totalLocationBasedKg), strong: true },
    { key: 'totalm', label: t('e16.totalMarket'), value: tonnes(f.totalMarketBasedKg), strong: true },
    { key: 'biogenic', label: t('e16.biogenic'), value: tonnes(f.biogenicCo2Kg) },
    e.intensityLocationBased === null
      ? null
      : { key: 'il', label: t('e16.intensityLocation'), value: intensity(e.intensityLocationBased)! },
    e.intensityMarketBased === null
      ? null
      : { key: 'im', label: t('e16.intensityMarket'), value: intensity(e.intensityMarketBased)! },
  ];
  return rows.filter((r): r is Row => r !== null);
}

const SEVERITY: Record<E16Status, 'info' | 'success' | 'warning'> = {
  footprint: 'info',
  matches: 'success',
  reconciled: 'info',
  unreconciled: 'warning',
  manual: 'warning',
  none: 'info',
};

/**
 * E1-6 of a report against the carbon footprint of its year (issue 35): the footprint's figures,
 * how an entered figure stands to them, and its reconciliation note; a difference without a note
 * is a warning.
 */
export function E16Statement({
  report,
  value,
  canWrite,
}: {
  report: string;
  value: IndicatorValue | undefined;
  canWrite: boolean;
}) {
  const { t } = useTranslation('csrd');
  const lang = currentLanguage();
  const e16 = useQuery(queryOptions('csrdReportE16', { params: { id: report } }));
  const [note, setNote] = useResetState(() => value?.reconciliationNote ?? '', [value?.reconciliationNote]);
  const save = useApiMutation({
    mutate: () =>
      call('updateCsrdIndicatorValue', {
        params: { id: value!.id },
        body: { reconciliationNote: note.trim() === '' ? null : note.trim() },
      }),
    invalidate: [['csrdReportE16'], ['csrdScopeEntries']],
    success: t('e16.noteSaved'),
  });
  if (!e16.data) return null;
  const e = e16.data;
  const m = e.manual;
  const diff = (x: number | null) =>
    x === null ? '–' : `${x > 0 ? '+' : ''}${formatNumber(x, lang, 1)} t CO2e`;
  const differs = e.status === 'reconciled' || e.status === 'unreconciled';
  const rows = e16Rows(e, (key, o) => t(key, o ?? {}), lang);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="e16-statement">
      <Alert severity={SEVERITY[e.status]} data-testid={`e16-status-${e.status}`}>
        {t(`e16.status.${e.status}`, {
          year: e.year,
          location: diff(m?.differenceLocationBasedT ?? null),
          market: diff(m?.differenceMarketBasedT ?? null),
        })}
      </Alert>
      {rows.length > 0 && <FootprintTable rows={rows} year={e.year} />}
      {m && differs && (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('e16.note')}
            helperText={t('e16.noteHint')}
            value={note}
            disabled={!canWrite}
            onChange={(ev) => setNote(ev.target.value)}
            multiline
            minRows={2}
            sx={{ flex: '1 1 260px' }}
            slotProps={{ htmlInput: { maxLength: 4000, 'data-testid': 'e16-note' } }}
          />
          {canWrite && (
            <Button
              variant="outlined"
              onClick={() => void save.run()}
              disabled={save.busy || note.trim() === (m.note ?? '')}
              data-testid="e16-note-save"
            >
              {t('e16.noteSave')}
            </Button>
          )}
        </Box>
      )}
      {save.error && (
        <Typography color="error" role="alert" variant="body2">
          {save.error}
        </Typography>
      )}
    </Box>
  );
}

/** The footprint's figures of the year as E1-6 shows them. */
function FootprintTable({ rows, year }: { rows: Row[]; year: number }) {
  const { t } = useTranslation('csrd');
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('e16.fromFootprint', { year })}
      </Typography>
      <Table size="small" aria-label={t('e16.tableLabel')}>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>
              <TableCell sx={{ fontWeight: r.strong ? 600 : undefined }}>{r.label}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: r.strong ? 600 : undefined }}>
                {r.value}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
