import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, can, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { SETTINGS_KEYS } from './cfc.ts';
import { SettingsBack } from './SettingsBack.tsx';

/**
 * The years a base year may be: from the bookings' earliest allowed year (seed 001 §9: default 0,
 * then 1900) to the current year (not in the future, seed 001 §5), newest first.
 */
export function baseYearChoices(min: number, currentYear: number): number[] {
  const from = Math.max(min, 1900, currentYear - 30);
  const out: number[] = [];
  for (let y = currentYear; y >= from; y--) out.push(y);
  return out;
}

/**
 * `/cfc/settings/base-year` (seed 001 §4, §5): the base year; moving it later deletes the reports
 * of the earlier years, so the user confirms that first with their number.
 */
export function CfcBaseYearPage() {
  const { t } = useTranslation(['cfc', 'common']);
  const me = useMe();
  const settings = useQuery(queryOptions('cfcCompanySettings'));
  const bounds = useQuery(queryOptions('cfcBaseYears'));
  const reports = useQuery({
    ...queryOptions('cfcReports', { query: { pagination: 'false' } }),
    select: (d) => d['hydra:member'],
  });
  const [year, setYear] = useState<number | null>(null);
  const [confirm, setConfirm] = useState(false);
  const now = new Date().getFullYear();
  const current = settings.data?.baseYear ?? null;
  const chosen = year ?? current ?? now;
  const lost = (reports.data ?? []).filter((r) => r.year < chosen);
  const save = useApiMutation({
    mutate: (baseYear: number) => call('cfcSetBaseYear', { body: { baseYear } }),
    invalidate: SETTINGS_KEYS,
    success: (r) =>
      r.deletedReports > 0 ? t('baseYear.savedDeleted', { count: r.deletedReports }) : t('baseYear.saved'),
    onSuccess: () => {
      setConfirm(false);
      setYear(null);
    },
  });
  const canSave = can(me, 'cfcSetBaseYear');

  return (
    <>
      <SettingsBack />
      <PageHeader title={t('baseYear.title')} subtitle={t('baseYear.subtitle')} />
      <Box sx={{ maxWidth: 720 }}>
        <SectionCard title={t('baseYear.card')} description={t('baseYear.text')}>
          {!settings.data || !bounds.data ? (
            <Skeleton height={56} />
          ) : (
            <Box sx={{ display: 'grid', gap: 2 }}>
              <TextField
                select
                label={t('baseYear.label')}
                value={chosen}
                onChange={(e) => setYear(Number(e.target.value))}
                disabled={!canSave}
                sx={{ maxWidth: 240 }}
                slotProps={{ htmlInput: { 'data-testid': 'cfc-base-year' } }}
              >
                {baseYearChoices(bounds.data.min, now).map((y) => (
                  <MenuItem key={y} value={y}>
                    {y}
                  </MenuItem>
                ))}
              </TextField>
              {lost.length > 0 && chosen !== current && (
                <Alert severity="warning" data-testid="cfc-base-year-warning">
                  {t('baseYear.willDelete', { count: lost.length, year: chosen })}
                </Alert>
              )}
              {save.error && <Alert severity="error">{save.error}</Alert>}
              {canSave && (
                <Box>
                  <Button
                    variant="contained"
                    disabled={chosen === current || save.busy}
                    onClick={() => (lost.length > 0 ? setConfirm(true) : void save.run(chosen))}
                    data-testid="cfc-base-year-save"
                  >
                    {t('common:actions.save')}
                  </Button>
                </Box>
              )}
            </Box>
          )}
        </SectionCard>
      </Box>
      {confirm && (
        <ConfirmDialog
          title={t('baseYear.confirmTitle')}
          text={t('baseYear.confirmText', {
            count: lost.length,
            year: chosen,
            list: lost.map((r) => `${r.businessUnit.name} ${r.year}`).join(', '),
          })}
          confirmLabel={t('baseYear.confirm')}
          onClose={() => setConfirm(false)}
          onConfirm={() => save.runOrThrow(chosen).then(() => undefined)}
        />
      )}
    </>
  );
}
