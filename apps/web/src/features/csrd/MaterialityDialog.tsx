import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  CSRD_CATEGORIES,
  IRREMEDIABILITY_WEIGHT_MAX,
  MA_SCALES,
  SEVERITY_FORMULAS,
  type CsrdCategory,
  type MaScale,
  type SeverityFormula,
} from '@klimadesk/contract/csrd/reference';
import type { MaterialityAnalysis } from '@klimadesk/contract/csrd/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { FieldGroup, FormDialog, applyServerError } from '../../components/FormDialog.tsx';
import { FormSelect, FormText } from '../../components/form.tsx';
import { parseNumber } from '../../components/format.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { ANALYSIS_KEYS, inLanguage } from './csrdQueries.ts';

export type AnalysisForm = {
  name: string;
  scale: string;
  scaleNote: string;
  scaleUpperLimit: string;
  threshold: string;
  thresholdNote: string;
  /** Empty: the same as the impact threshold. */
  financialThreshold: string;
  severityFormula: SeverityFormula;
  irremediabilityWeight: string;
  reasons: string;
  sectors: string[];
  scopes: CsrdCategory[];
};

/**
 * The settings of an analysis (seed 001 §5): the upper limit is a whole number from 1 to the scale
 * and the threshold lies within it; the server answers the same rules with ValueAboveLimitProvided
 * and LimitLessThanThreshold.
 */
export function analysisFormSchema(t: (key: string) => string, lang: 'de' | 'en') {
  return z
    .object({
      name: z.string().trim().min(1).max(200),
      scale: z.enum(MA_SCALES.map(String) as [string, ...string[]]),
      scaleNote: z.string().max(4000),
      scaleUpperLimit: z.string(),
      threshold: z.string().trim().min(1),
      thresholdNote: z.string().max(4000),
      financialThreshold: z.string(),
      severityFormula: z.enum(SEVERITY_FORMULAS),
      irremediabilityWeight: z.string(),
      reasons: z.string().max(4000),
      sectors: z.array(z.string()),
      scopes: z.array(z.enum(CSRD_CATEGORIES)).min(1),
    })
    .superRefine((v, ctx) => {
      const scale = Number(v.scale);
      const limit = v.scaleUpperLimit.trim() === '' ? scale : parseNumber(v.scaleUpperLimit, lang);
      if (!Number.isInteger(limit) || limit < 1 || limit > scale)
        ctx.addIssue({
          code: 'custom',
          path: ['scaleUpperLimit'],
          message: t('errors:ValueAboveLimitProvided'),
        });
      const threshold = parseNumber(v.threshold, lang);
      if (!Number.isFinite(threshold) || threshold < 0)
        ctx.addIssue({ code: 'custom', path: ['threshold'], message: 'validation.invalid' });
      else if (threshold > limit)
        ctx.addIssue({ code: 'custom', path: ['threshold'], message: t('errors:LimitLessThanThreshold') });
      if (v.financialThreshold.trim() !== '') {
        const financial = parseNumber(v.financialThreshold, lang);
        if (!Number.isFinite(financial) || financial < 0)
          ctx.addIssue({ code: 'custom', path: ['financialThreshold'], message: 'validation.invalid' });
        else if (financial > limit)
          ctx.addIssue({
            code: 'custom',
            path: ['financialThreshold'],
            message: t('errors:LimitLessThanThreshold'),
          });
      }
      const weight = parseNumber(v.irremediabilityWeight, lang);
      if (!Number.isFinite(weight) || weight < 1 || weight > IRREMEDIABILITY_WEIGHT_MAX)
        ctx.addIssue({ code: 'custom', path: ['irremediabilityWeight'], message: 'validation.invalid' });
    });
}

export function formOf(a: MaterialityAnalysis | null, lang: 'de' | 'en'): AnalysisForm {
  const num = (n: number) =>
    new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', {
      useGrouping: false,
      maximumFractionDigits: 2,
    }).format(n);
  return {
    name: a?.name ?? '',
    scale: String(a?.scale ?? 5),
    scaleNote: a?.scaleNote ?? '',
    scaleUpperLimit: a ? String(a.scaleUpperLimit) : '',
    threshold: a ? num(a.threshold) : '',
    thresholdNote: a?.thresholdNote ?? '',
    financialThreshold: a?.financialThreshold == null ? '' : num(a.financialThreshold),
    severityFormula: a?.severityFormula ?? 'mean',
    irremediabilityWeight: num(a?.irremediabilityWeight ?? 1),
    reasons: a?.reasons ?? '',
    sectors: a?.sectors ?? [],
    scopes: a?.scopes ?? [...CSRD_CATEGORIES],
  };
}

/** The body of a create or change: notes empty become null, the limit defaults to the scale. */
export function bodyOf(v: AnalysisForm, lang: 'de' | 'en') {
  const scale = Number(v.scale) as MaScale;
  const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    name: v.name.trim(),
    scale,
    scaleNote: orNull(v.scaleNote),
    scaleUpperLimit: v.scaleUpperLimit.trim() === '' ? scale : parseNumber(v.scaleUpperLimit, lang),
    threshold: parseNumber(v.threshold, lang),
    thresholdNote: orNull(v.thresholdNote),
    financialThreshold: v.financialThreshold.trim() === '' ? null : parseNumber(v.financialThreshold, lang),
    severityFormula: v.severityFormula,
    irremediabilityWeight: parseNumber(v.irremediabilityWeight, lang),
    reasons: orNull(v.reasons),
    sectors: v.sectors,
    scopes: v.scopes,
  };
}

/** Creates an analysis or changes its settings: name, scale, threshold, notes, sectors, reasons, scopes. */
export function MaterialityDialog({
  analysis,
  onClose,
  onCreated,
}: {
  analysis: MaterialityAnalysis | null;
  onClose: () => void;
  onCreated?: (a: MaterialityAnalysis) => void;
}) {
  const { t } = useTranslation(['csrd', 'common', 'errors']);
  const lang = currentLanguage();
  const form = useForm<AnalysisForm>({
    resolver: zodResolver(analysisFormSchema(t, lang)),
    defaultValues: formOf(analysis, lang),
  });
  const { control } = form;
  const save = useSaveAnalysis({ analysis, form, onClose, onCreated });
  return (
    <FormDialog
      id="materiality-analysis"
      title={analysis ? t('analysis.editTitle', { name: analysis.name }) : t('analysis.createTitle')}
      mutation={save}
      onSubmit={form.handleSubmit((v) => save.run(v))}
      onClose={onClose}
      requiredHint
      submitLabel={analysis ? undefined : t('common:actions.create')}
      submitTestId="analysis-save"
      errorTestId="analysis-error"
    >
      <FormText
        control={control}
        name="name"
        label={t('analysis.name')}
        required
        // A dialog moves focus into itself on opening, to its first field (WAI-ARIA APG dialog pattern).
        // oxlint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'analysis-name' } }}
      />
      <ScaleFields control={control} />
      <RuleFields control={control} />
      <ScopesField control={control} />
      <SectorsField control={control} />
      <FormText control={control} name="reasons" label={t('analysis.reasons')} multiline minRows={3} />
    </FormDialog>
  );
}

/** Creates the analysis (then opens it) or saves its settings. */
function useSaveAnalysis({
  analysis,
  form,
  onClose,
  onCreated,
}: {
  analysis: MaterialityAnalysis | null;
  form: UseFormReturn<AnalysisForm>;
  onClose: () => void;
  onCreated?: (a: MaterialityAnalysis) => void;
}) {
  const { t } = useTranslation(['csrd', 'common', 'errors']);
  const lang = currentLanguage();
  return useApiMutation({
    mutate: (v: AnalysisForm) =>
      analysis
        ? call('updateMaterialityAnalysis', { params: { id: analysis.id }, body: bodyOf(v, lang) })
        : call('createMaterialityAnalysis', { body: bodyOf(v, lang) }),
    invalidate: ANALYSIS_KEYS,
    success: (a) => t(analysis ? 'analysis.saved' : 'analysis.created', { name: a.name }),
    onSuccess: (a) => {
      onClose();
      if (!analysis) onCreated?.(a);
    },
    errorOf: (err) => applyServerError(err, form.setError, (f) => (f in form.getValues() ? f : null)),
  });
}

type FieldsProps = { control: Control<AnalysisForm> };

/** The scale with its upper limit, the threshold and their notes. */
function ScaleFields({ control }: FieldsProps) {
  const { t } = useTranslation(['csrd', 'common', 'errors']);
  const scale = useWatch({ control, name: 'scale' });
  return (
    <FieldGroup title={t('analysis.scaleGroup')} hint={t('analysis.scaleHint')}>
      <FormSelect
        control={control}
        name="scale"
        label={t('analysis.scale')}
        required
        options={MA_SCALES.map((s) => ({
          value: String(s),
          label: t('analysis.scaleOption', { scale: s }),
        }))}
        slotProps={{ htmlInput: { 'data-testid': 'analysis-scale' } }}
      />
      <FormText
        control={control}
        name="scaleUpperLimit"
        label={t('analysis.upperLimit')}
        helperText={t('analysis.upperLimitHint', { scale })}
        inputMode="numeric"
      />
      <FormText
        control={control}
        name="threshold"
        label={t('analysis.threshold')}
        required
        inputMode="decimal"
        slotProps={{ htmlInput: { 'data-testid': 'analysis-threshold' } }}
      />
      <FormText control={control} name="scaleNote" label={t('analysis.scaleNote')} />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FormText control={control} name="thresholdNote" label={t('analysis.thresholdNote')} fullWidth />
      </Box>
    </FieldGroup>
  );
}

/** How severity is formed (the irremediability weight only outside "max") and the financial threshold. */
function RuleFields({ control }: FieldsProps) {
  const { t } = useTranslation(['csrd', 'common', 'errors']);
  const severityFormula = useWatch({ control, name: 'severityFormula' });
  return (
    <FieldGroup title={t('analysis.rulesGroup')} hint={t('analysis.rulesHint')}>
      <FormSelect
        control={control}
        name="severityFormula"
        label={t('analysis.severityFormula')}
        required
        options={SEVERITY_FORMULAS.map((f) => ({ value: f, label: t(`analysis.severityFormulas.${f}`) }))}
        slotProps={{ htmlInput: { 'data-testid': 'analysis-severity-formula' } }}
      />
      <FormText
        control={control}
        name="irremediabilityWeight"
        label={t('analysis.irremediabilityWeight')}
        helperText={t('analysis.irremediabilityWeightHint', { max: IRREMEDIABILITY_WEIGHT_MAX })}
        inputMode="decimal"
        disabled={severityFormula === 'max'}
        slotProps={{ htmlInput: { 'data-testid': 'analysis-irremediability-weight' } }}
      />
      <FormText
        control={control}
        name="financialThreshold"
        label={t('analysis.financialThreshold')}
        helperText={t('analysis.financialThresholdHint')}
        inputMode="decimal"
        slotProps={{ htmlInput: { 'data-testid': 'analysis-financial-threshold' } }}
      />
    </FieldGroup>
  );
}

/** The pillars the analysis covers, kept in their ESRS order. */
function ScopesField({ control }: FieldsProps) {
  const { t } = useTranslation(['csrd', 'common', 'errors']);
  return (
    <Controller
      control={control}
      name="scopes"
      render={({ field, fieldState }) => (
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
          <FormLabel component="legend" error={!!fieldState.error}>
            {t('analysis.scopes')} *
          </FormLabel>
          <FormGroup row>
            {CSRD_CATEGORIES.map((c) => (
              <FormControlLabel
                key={c}
                label={t(`category.${c}`)}
                control={
                  <Checkbox
                    checked={field.value.includes(c)}
                    onChange={(e) =>
                      field.onChange(
                        e.target.checked
                          ? CSRD_CATEGORIES.filter((x) => x === c || field.value.includes(x))
                          : field.value.filter((x) => x !== c),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </Box>
      )}
    />
  );
}

/** The NACE sections of the company, which narrow the IROs offered. */
function SectorsField({ control }: FieldsProps) {
  const { t } = useTranslation(['csrd', 'common', 'errors']);
  const sectors = useQuery({
    ...inLanguage(queryOptions('maSectors'), currentLanguage()),
    staleTime: Infinity,
    select: (d) => d['hydra:member'],
  });
  return (
    <Controller
      control={control}
      name="sectors"
      render={({ field }) => (
        <Autocomplete
          multiple
          options={(sectors.data ?? []).map((s) => s.id)}
          getOptionLabel={(id) => {
            const s = sectors.data?.find((x) => x.id === id);
            return s ? `${s.id} – ${s.name}` : id;
          }}
          value={field.value}
          onChange={(_e, v) => field.onChange(v)}
          renderInput={(params) => (
            <TextField {...params} label={t('analysis.sectors')} helperText={t('analysis.sectorsHint')} />
          )}
          data-testid="analysis-sectors"
        />
      )}
    />
  );
}
