import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { CfcBaseYearCheck } from '@klimadesk/contract/cfc/schemas';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { errorText } from '../../components/errors.ts';
import { formatShare, formatTonnes } from './cfc.ts';

/**
 * The base year against a later year (GHG Protocol Corporate Standard ch. 5): the stated base
 * year, the same entries with today's factors, units added and removed since, and whether the
 * cumulative change passes the company's recalculation threshold.
 */
export function BaseYearCheckCard({ baseYear }: { baseYear: number | null }) {
  const { t } = useTranslation('cfc');
  const [year, setYear] = useState<number | null>(null);
  const reports = useQuery({
    ...queryOptions('cfcReports', { query: { pagination: 'false' } }),
    select: (d) => [...new Set(d['hydra:member'].map((r) => r.year))].sort((a, b) => b - a),
  });
  const check = useQuery({
    ...queryOptions('cfcBaseYearCheck', { query: year === null ? {} : { year } }),
    enabled: baseYear !== null,
  });
  const c = check.data;

  return (
    <SectionCard title={t('baseYear.checkCard')} description={t('baseYear.checkText')}>
      {baseYear === null ? (
        <Typography color="text.secondary">{t('baseYear.noBaseYear')}</Typography>
      ) : check.isError ? (
        <Alert severity="warning" data-testid="cfc-base-year-check-error">
          {errorText(check.error)}
        </Alert>
      ) : !c ? (
        <Skeleton height={120} />
      ) : (
        <BaseYearCheckResult c={c} years={reports.data ?? []} onYear={setYear} />
      )}
    </SectionCard>
  );
}

const signed = (kg: number, lang: Language) => `${kg > 0 ? '+' : ''}${formatTonnes(kg, lang)}`;
const shareText = (s: number | null, lang: Language) => (s === null ? '–' : formatShare(s, lang));

/** The comparison year's picker, the check's table and its verdict against the threshold. */
function BaseYearCheckResult({
  c,
  years,
  onYear,
}: {
  c: CfcBaseYearCheck;
  years: number[];
  onYear: (year: number) => void;
}) {
  const { t } = useTranslation('cfc');
  const lang = currentLanguage();
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="cfc-base-year-check">
      <TextField
        select
        label={t('baseYear.compareYear')}
        value={c.year}
        onChange={(e) => onYear(Number(e.target.value))}
        sx={{ maxWidth: 240 }}
        slotProps={{ htmlInput: { 'data-testid': 'cfc-compare-year' } }}
      >
        {[...new Set([c.year, ...years])].map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ overflowX: 'auto' }}>
        <BaseYearCheckTable c={c} lang={lang} />
      </Box>
      <Alert severity={c.exceeded ? 'warning' : 'success'} data-testid="cfc-check-result">
        {t(c.exceeded ? 'baseYear.exceeded' : 'baseYear.within', {
          share: shareText(c.totalShare, lang),
          threshold: formatShare(c.threshold / 100, lang),
        })}
      </Alert>
      {c.restatableEntries > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('baseYear.restatable', { count: c.restatableEntries })}
        </Typography>
      )}
    </Box>
  );
}

/** Stated, restated, the method and structural changes and their total share. */
function BaseYearCheckTable({ c, lang }: { c: CfcBaseYearCheck; lang: Language }) {
  const { t } = useTranslation('cfc');
  const share = (s: number | null) => shareText(s, lang);
  return (
    <Table size="small" aria-label={t('baseYear.checkCard')}>
      <TableBody>
        <TableRow>
          <TableCell>{`${t('baseYear.stated')} ${c.baseYear ?? ''}`}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatTonnes(c.statedKg, lang)}
          </TableCell>
          <TableCell />
        </TableRow>
        <TableRow>
          <TableCell>{t('baseYear.restated')}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatTonnes(c.restatedKg, lang)}
          </TableCell>
          <TableCell />
        </TableRow>
        <TableRow>
          <TableCell>{t('baseYear.methodChange')}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {signed(c.methodChangeKg, lang)}
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {share(c.methodShare)}
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell>
            {t('baseYear.structuralChange')}
            {c.addedUnits.length > 0 && (
              <Typography variant="caption" color="text.secondary" component="div">
                {t('baseYear.added', { units: c.addedUnits.map((u) => u.name).join(', ') })}
              </Typography>
            )}
            {c.removedUnits.length > 0 && (
              <Typography variant="caption" color="text.secondary" component="div">
                {t('baseYear.removed', { units: c.removedUnits.map((u) => u.name).join(', ') })}
              </Typography>
            )}
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatTonnes(c.structuralChangeKg, lang)}
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {share(c.structuralShare)}
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>{t('baseYear.total')}</TableCell>
          <TableCell />
          <TableCell
            align="right"
            sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
            data-testid="cfc-check-share"
          >
            {share(c.totalShare)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
