import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CfcCompanySettings } from '@klimadesk/contract/cfc/schemas';
import { GWP_SETS, type GwpSet } from '@klimadesk/contract/emission-db/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { useNow } from '../../components/useNow.ts';
import { BaseYearCheckCard } from './BaseYearCheckCard.tsx';
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

/** A threshold as typed (`7,5` or `7.5`): a percent above 0 and at most 100, else null. */
export function parseThreshold(text: string): number | null {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) && n > 0 && n <= 100 ? n : null;
}

const CHECK_KEYS = [['cfcBaseYearCheck']] as const;

/**
 * `/cfc/settings/base-year` (seed 001 §4, §5; GHG Protocol Corporate Standard ch. 5): the base year
 * (a change keeps the reports of earlier years), the recalculation threshold and the GWP set of new
 * reports, and the comparison of the base year with the present that flags a recalculation.
 */
export function CfcBaseYearPage() {
  const { t } = useTranslation(['cfc', 'common']);
  const me = useMe();
  const settings = useQuery(queryOptions('cfcCompanySettings'));
  const canSave = can(me, 'cfcSetBaseYear');

  return (
    <>
      <SettingsBack />
      <PageHeader title={t('baseYear.title')} subtitle={t('baseYear.subtitle')} />
      <Box sx={{ maxWidth: 880, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <BaseYearCard settings={settings.data} canSave={canSave} />
        <MethodCard settings={settings.data} canSave={canSave} />
        <BaseYearCheckCard baseYear={settings.data?.baseYear ?? null} />
      </Box>
    </>
  );
}

type CardProps = { settings: CfcCompanySettings | undefined; canSave: boolean };

/** The base year itself; a change keeps the reports of earlier years. */
function BaseYearCard({ settings, canSave }: CardProps) {
  const { t } = useTranslation(['cfc', 'common']);
  const bounds = useQuery(queryOptions('cfcBaseYears'));
  const [year, setYear] = useState<number | null>(null);
  const now = useNow().getFullYear();
  const current = settings?.baseYear ?? null;
  const chosen = year ?? current ?? now;
  const save = useApiMutation({
    mutate: (baseYear: number) => call('cfcSetBaseYear', { body: { baseYear } }),
    invalidate: [...SETTINGS_KEYS, ...CHECK_KEYS],
    success: () => t('baseYear.saved'),
    onSuccess: () => setYear(null),
  });

  return (
    <SectionCard title={t('baseYear.card')} description={t('baseYear.text')}>
      {!settings || !bounds.data ? (
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
          {chosen !== current && current !== null && (
            <Alert severity="info" data-testid="cfc-base-year-keeps">
              {t('baseYear.keepsReports')}
            </Alert>
          )}
          {save.error && <Alert severity="error">{save.error}</Alert>}
          {canSave && (
            <Box>
              <Button
                variant="contained"
                disabled={chosen === current || save.busy}
                onClick={() => void save.run(chosen)}
                data-testid="cfc-base-year-save"
              >
                {t('common:actions.save')}
              </Button>
            </Box>
          )}
        </Box>
      )}
    </SectionCard>
  );
}

/** The threshold and GWP set as edited (text as typed) over the saved settings, and their save. */
function useMethodDraft(settings: CfcCompanySettings | undefined) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  const [threshold, setThreshold] = useState<string | null>(null);
  const [gwpSet, setGwpSet] = useState<GwpSet | null>(null);
  const shownThreshold =
    threshold ??
    new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 2 }).format(
      settings?.recalculationThreshold ?? 5,
    );
  const parsedThreshold = parseThreshold(shownThreshold);
  const chosenSet = gwpSet ?? settings?.gwpSet ?? 'AR5';
  const saveMethod = useApiMutation({
    mutate: (body: { recalculationThreshold: number; gwpSet: GwpSet }) => call('cfcSaveSettings', { body }),
    invalidate: [...SETTINGS_KEYS, ...CHECK_KEYS],
    success: () => t('baseYear.savedMethod'),
    onSuccess: () => {
      setThreshold(null);
      setGwpSet(null);
    },
  });
  const methodChanged =
    parsedThreshold !== null &&
    (parsedThreshold !== settings?.recalculationThreshold || chosenSet !== settings?.gwpSet);
  return { shownThreshold, setThreshold, parsedThreshold, chosenSet, setGwpSet, saveMethod, methodChanged };
}

/** The recalculation threshold and the GWP set of new reports. */
function MethodCard({ settings, canSave }: CardProps) {
  const { t } = useTranslation(['cfc', 'common']);
  const { shownThreshold, setThreshold, parsedThreshold, chosenSet, setGwpSet, saveMethod, methodChanged } =
    useMethodDraft(settings);

  return (
    <SectionCard title={t('baseYear.methodCard')} description={t('baseYear.methodText')}>
      {!settings ? (
        <Skeleton height={56} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', minWidth: 0 }}>
            <TextField
              label={t('baseYear.threshold')}
              value={shownThreshold}
              onChange={(e) => setThreshold(e.target.value)}
              disabled={!canSave}
              error={parsedThreshold === null}
              sx={{ width: { xs: '100%', sm: 280 } }}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'cfc-threshold' } }}
            />
            <TextField
              select
              label={t('baseYear.gwpSet')}
              value={chosenSet}
              onChange={(e) => setGwpSet(e.target.value as GwpSet)}
              disabled={!canSave}
              helperText={t('baseYear.gwpSetHelp')}
              sx={{ width: { xs: '100%', sm: 360 } }}
              slotProps={{ htmlInput: { 'data-testid': 'cfc-gwp-set' } }}
            >
              {GWP_SETS.map((set) => (
                <MenuItem key={set} value={set}>
                  IPCC {set}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {saveMethod.error && <Alert severity="error">{saveMethod.error}</Alert>}
          {canSave && (
            <Box>
              <Button
                variant="contained"
                disabled={!methodChanged || saveMethod.busy}
                onClick={() =>
                  parsedThreshold !== null &&
                  void saveMethod.run({ recalculationThreshold: parsedThreshold, gwpSet: chosenSet })
                }
                data-testid="cfc-method-save"
              >
                {t('common:actions.save')}
              </Button>
            </Box>
          )}
        </Box>
      )}
    </SectionCard>
  );
}
