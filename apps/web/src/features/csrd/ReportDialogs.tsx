import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { YEAR_MAX, YEAR_MIN } from '@klimadesk/contract/constants';
import { ALWAYS_MANDATORY_SCOPES, CSRD_SCOPES, type CsrdScopeCode } from '@klimadesk/contract/csrd/reference';
import type { CsrdReport, ReportCategory } from '@klimadesk/contract/csrd/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { useResetState } from '../../components/useResetState.ts';
import { REPORT_KEYS, scopeName, useCsrdScopes } from './csrdQueries.ts';

/** The selection of a report: every scope with whether it is chosen and whether it is locked. */
export type Selection = Record<CsrdScopeCode, { selected: boolean; mandatory: boolean }>;

/**
 * The selection a report starts with: ESRS 2 always, and the analysis's categories (its material
 * topics) selected and mandatory (seed 001 §5: mandatory categories cannot be deselected).
 */
export function selectionOf(categories: readonly ReportCategory[]): Selection {
  const out = {} as Selection;
  for (const s of CSRD_SCOPES) {
    const c = categories.find((x) => x.id === s);
    const mandatory = (c?.mandatory ?? false) || ALWAYS_MANDATORY_SCOPES.includes(s);
    out[s] = { selected: !!c || mandatory, mandatory };
  }
  return out;
}

/** A click on a scope: mandatory ones stay selected. */
export function toggle(sel: Selection, scope: CsrdScopeCode): Selection {
  if (sel[scope].mandatory) return sel;
  return { ...sel, [scope]: { ...sel[scope], selected: !sel[scope].selected } };
}

export function categoriesOf(sel: Selection): { id: CsrdScopeCode; mandatory: boolean }[] {
  return CSRD_SCOPES.filter((s) => sel[s].selected).map((id) => ({ id, mandatory: sel[id].mandatory }));
}

/** The scopes as checkboxes; mandatory ones are ticked and disabled, with the reason beside them. */
export function ScopePicker({
  selection,
  onChange,
}: {
  selection: Selection;
  onChange: (s: Selection) => void;
}) {
  const { t } = useTranslation('csrd');
  const lang = currentLanguage();
  const scopes = useCsrdScopes();
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }} data-testid="scope-picker">
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {t('report.topics')}
      </FormLabel>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        {CSRD_SCOPES.map((s) => (
          <FormControlLabel
            key={s}
            control={
              <Checkbox
                checked={selection[s].selected}
                disabled={selection[s].mandatory}
                onChange={() => onChange(toggle(selection, s))}
                data-testid={`scope-pick-${s}`}
              />
            }
            label={
              <span>
                {scopeName(scopes.data, s, lang)}
                {selection[s].mandatory && (
                  <Typography
                    component="span"
                    variant="caption"
                    color="success.main"
                    sx={{ ml: 1, fontWeight: 600 }}
                  >
                    {t('report.mandatory')}
                  </Typography>
                )}
              </span>
            }
          />
        ))}
      </Box>
    </Box>
  );
}

/** The requirements the mandatory topics of a preset owe (ESRS 1 §29-§30); a topic owing all counts none. */
const owedCount = (categories: readonly ReportCategory[]) =>
  categories.reduce((n, c) => n + (c.mandatory ? (c.disclosureRequirements?.length ?? 0) : 0), 0);

/**
 * Adds the report of a year (unique: ReportForYearExists) from a materiality analysis: its material
 * topics come preselected and mandatory (`csrd-report-initial`); without one, ESRS 2 only.
 */
export function ReportCreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (r: CsrdReport) => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const [year, setYear] = useState(() => String(new Date().getFullYear()));
  const [maId, setMaId] = useState('');
  const initial = useQuery({
    ...queryOptions('csrdReportInitial', { query: { maId } }),
    enabled: maId !== '',
  });
  // The analysis' topics preselected, again whenever another analysis is chosen.
  const [selection, setSelection] = useResetState<Selection>(
    () => selectionOf(maId && initial.data ? initial.data.categories : []),
    [maId, initial.data],
  );
  const yearNumber = Number(year);
  const yearValid = /^\d{4}$/.test(year) && yearNumber >= YEAR_MIN && yearNumber <= YEAR_MAX;
  const save = useApiMutation({
    mutate: () =>
      call('createCsrdReport', {
        body: { year: yearNumber, categories: categoriesOf(selection), maId: maId || null },
      }),
    invalidate: REPORT_KEYS,
    success: (r) => t('report.created', { year: r.year }),
    onSuccess: (r) => {
      onClose();
      onCreated(r);
    },
  });
  return (
    <FormDialog
      id="csrd-report-create"
      title={t('report.createTitle')}
      mutation={save}
      onSubmit={() => (yearValid ? save.run() : undefined)}
      onClose={onClose}
      requiredHint
      submitLabel={t('common:actions.create')}
      submitDisabled={!yearValid || (maId !== '' && !initial.data)}
      submitTestId="report-save"
      errorTestId="report-error"
    >
      <YearAndAnalysis year={year} onYear={setYear} yearValid={yearValid} maId={maId} onAnalysis={setMaId} />
      {maId !== '' && initial.data && (
        <Alert severity="info">
          {t('report.fromAnalysis', { count: initial.data.categories.filter((c) => c.mandatory).length })}{' '}
          {t('report.owedRequirements', { count: owedCount(initial.data.categories) })}
        </Alert>
      )}
      <ScopePicker selection={selection} onChange={setSelection} />
    </FormDialog>
  );
}

/** The report's year (four digits within the allowed range) and the analysis it starts from, if any. */
function YearAndAnalysis({
  year,
  onYear,
  yearValid,
  maId,
  onAnalysis,
}: {
  year: string;
  onYear: (year: string) => void;
  yearValid: boolean;
  maId: string;
  onAnalysis: (id: string) => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const analyses = useQuery({
    ...queryOptions('materialityAnalyses', { query: { limit: 100, withDeleted: 'false' } }),
    select: (d) => d['hydra:member'],
  });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' } }}>
      <TextField
        label={t('report.year')}
        value={year}
        required
        onChange={(e) => onYear(e.target.value.trim())}
        error={!yearValid}
        helperText={yearValid ? undefined : t('report.yearInvalid', { min: YEAR_MIN, max: YEAR_MAX })}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'report-year' } }}
      />
      <TextField
        select
        label={t('report.analysis')}
        value={maId}
        onChange={(e) => onAnalysis(e.target.value)}
        helperText={t('report.analysisHint')}
        slotProps={{ htmlInput: { 'data-testid': 'report-analysis' } }}
      >
        <MenuItem value="">
          <em>{t('report.noAnalysis')}</em>
        </MenuItem>
        {(analyses.data ?? []).map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

/** The settings of a report: which topics it covers; mandatory ones stay (MandatoryScopeNotDeselectable). */
export function ReportSettingsDialog({ report, onClose }: { report: CsrdReport; onClose: () => void }) {
  const { t } = useTranslation(['csrd', 'common']);
  const [selection, setSelection] = useState<Selection>(() => selectionOf(report.categories));
  const save = useApiMutation({
    mutate: () =>
      call('updateCsrdReportScopes', {
        params: { id: report.id },
        body: { categories: categoriesOf(selection).map(({ id }) => ({ id })) },
      }),
    invalidate: REPORT_KEYS,
    success: t('report.settingsSaved', { year: report.year }),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      id="csrd-report-settings"
      title={t('report.settingsTitle', { year: report.year })}
      mutation={save}
      onSubmit={() => save.run()}
      onClose={onClose}
      submitTestId="report-settings-save"
    >
      {report.materialityAnalysisName && (
        <Typography variant="body2" color="text.secondary">
          {t('report.basedOn', { name: report.materialityAnalysisName })}
        </Typography>
      )}
      <ScopePicker selection={selection} onChange={setSelection} />
    </FormDialog>
  );
}
