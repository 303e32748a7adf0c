import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Language } from '@klimadesk/contract';
import { ESRS_VERSIONS, type EsrsVersion } from '@klimadesk/contract/csrd/reliefs';
import type { CsrdReport } from '@klimadesk/contract/csrd/schemas';
import type { CsrdReliefs } from '@klimadesk/contract/csrd/statements';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { FieldGroup, FormDialog, applyServerError } from '../../components/FormDialog.tsx';
import { FormSelect, FormText } from '../../components/form.tsx';
import { parseNumber, typedCents } from '../../components/format.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { REPORT_KEYS } from './csrdQueries.ts';

export type SetupForm = {
  standardVersion: EsrsVersion;
  employees: string;
  netRevenue: string;
  balanceSheet: string;
  isPublicInterest: '' | 'yes' | 'no';
};

const euros = (cents: number | null, lang: Language) =>
  cents === null
    ? ''
    : new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', {
        useGrouping: false,
        maximumFractionDigits: 2,
      }).format(cents / 100);

export function setupFormOf(r: CsrdReport, lang: Language): SetupForm {
  return {
    standardVersion: r.standardVersion,
    employees: r.employees === null ? '' : String(r.employees),
    netRevenue: euros(r.netRevenueCents, lang),
    balanceSheet: euros(r.balanceSheetCents, lang),
    isPublicInterest: r.isPublicInterest === null ? '' : r.isPublicInterest ? 'yes' : 'no',
  };
}

/** The report patch of the setup: empty figures are not stated (null); euros become cents. */
export function setupBodyOf(v: SetupForm, lang: Language) {
  const orNull = <T,>(s: string, f: (x: string) => T) => (s.trim() === '' ? null : f(s));
  return {
    standardVersion: v.standardVersion,
    employees: orNull(v.employees, (x) => Math.round(parseNumber(x, lang))),
    netRevenueCents: orNull(v.netRevenue, (x) => typedCents(x, lang)),
    balanceSheetCents: orNull(v.balanceSheet, (x) => typedCents(x, lang)),
    isPublicInterest: v.isPublicInterest === '' ? null : v.isPublicInterest === 'yes',
  };
}

function setupSchema(lang: Language) {
  const amount = z
    .string()
    .refine((s) => s.trim() === '' || (Number.isFinite(parseNumber(s, lang)) && parseNumber(s, lang) >= 0), {
      message: 'validation.invalid',
    });
  return z.object({
    standardVersion: z.enum(ESRS_VERSIONS),
    employees: z
      .string()
      .refine((s) => s.trim() === '' || /^\d{1,8}$/.test(s.trim()), { message: 'validation.invalid' }),
    netRevenue: amount,
    balanceSheet: amount,
    isPublicInterest: z.enum(['', 'yes', 'no']),
  });
}

/** The reliefs of the report as the server derives them: wave, ESRS set and phase-ins. */
export function ReliefsPanel({ reliefs, lang }: { reliefs: CsrdReliefs; lang: Language }) {
  const { t } = useTranslation('csrd');
  const wave =
    reliefs.wave === null
      ? t(reliefs.isLarge === null ? 'reliefs.waveUnknown' : 'reliefs.notRequired')
      : t('reliefs.wave', { wave: reliefs.wave, year: reliefs.firstYear });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="report-reliefs">
      <Typography variant="h4" component="h3">
        {t('reliefs.title', { year: reliefs.year })}
      </Typography>
      <Alert severity={reliefs.wave === null ? 'info' : 'success'} data-testid="reliefs-wave">
        {wave}
        {reliefs.wave !== null && reliefs.isVoluntary
          ? ` ${t('reliefs.voluntary', { year: reliefs.year })}`
          : ''}
      </Alert>
      {reliefs.standardVersion !== reliefs.requiredVersion && (
        <Alert severity="warning" data-testid="reliefs-version">
          {t('reliefs.versionDiffers', {
            chosen: t(`reliefs.versions.${reliefs.standardVersion}`),
            required: t(`reliefs.versions.${reliefs.requiredVersion}`),
          })}
        </Alert>
      )}
      {reliefs.phaseIns.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('reliefs.noPhaseIns')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('reliefs.phaseIns')}>
          {reliefs.phaseIns.map((p) => (
            <ListItem key={p.codes.join()} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                {p.codes.map((c) => (
                  <Chip key={c} size="small" label={c} />
                ))}
              </Box>
              <ListItemText
                primary={p.note[lang]}
                secondary={`${p.source}${p.quickFix ? ` · ${t('reliefs.quickFix')}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('reliefs.sources')}
      </Typography>
    </Box>
  );
}

/**
 * The setup of a report (issue 35): the ESRS set it follows and the size figures that decide the
 * company's CSRD wave and the phase-ins of its year; the reliefs show below as the server derives them.
 */
export function ReportSetupDialog({ report, onClose }: { report: CsrdReport; onClose: () => void }) {
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  const reliefs = useQuery(queryOptions('csrdReportReliefs', { params: { id: report.id } }));
  const form = useForm<SetupForm>({
    resolver: zodResolver(setupSchema(lang)),
    defaultValues: setupFormOf(report, lang),
  });
  const { control } = form;
  const save = useApiMutation({
    mutate: (v: SetupForm) =>
      call('updateCsrdReport', { params: { id: report.id }, body: setupBodyOf(v, lang) }),
    invalidate: [...REPORT_KEYS, ['csrdReportReliefs']],
    success: t('reliefs.saved', { year: report.year }),
    errorOf: (err) => applyServerError(err, form.setError, (f) => (f in form.getValues() ? f : null)),
  });
  return (
    <FormDialog
      id="report-setup"
      title={t('reliefs.setupTitle', { year: report.year })}
      mutation={save}
      onSubmit={form.handleSubmit((v) => save.run(v))}
      onClose={onClose}
      submitTestId="report-setup-save"
    >
      <FieldGroup title={t('reliefs.standardGroup')} hint={t('reliefs.standardHint')}>
        <FormSelect
          control={control}
          name="standardVersion"
          label={t('reliefs.standardVersion')}
          required
          options={ESRS_VERSIONS.map((v) => ({ value: v, label: t(`reliefs.versions.${v}`) }))}
          slotProps={{ htmlInput: { 'data-testid': 'setup-standard-version' } }}
        />
      </FieldGroup>
      <FieldGroup title={t('reliefs.sizeGroup')} hint={t('reliefs.sizeHint')}>
        <FormText
          control={control}
          name="employees"
          label={t('reliefs.employees')}
          inputMode="numeric"
          slotProps={{ htmlInput: { 'data-testid': 'setup-employees' } }}
        />
        <FormSelect
          control={control}
          name="isPublicInterest"
          label={t('reliefs.isPublicInterest')}
          options={[
            { value: '', label: t('reliefs.unknown') },
            { value: 'yes', label: t('reliefs.yes') },
            { value: 'no', label: t('reliefs.no') },
          ]}
        />
        <FormText control={control} name="netRevenue" label={t('reliefs.netRevenue')} inputMode="decimal" />
        <FormText
          control={control}
          name="balanceSheet"
          label={t('reliefs.balanceSheet')}
          inputMode="decimal"
        />
      </FieldGroup>
      {reliefs.data && <ReliefsPanel reliefs={reliefs.data} lang={lang} />}
    </FormDialog>
  );
}
