import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  IRO_TIMES,
  probabilityBand,
  probabilityBands,
  type CsrdScopeCode,
  type IroCategory,
  type IroTime,
} from '@klimadesk/contract/csrd/reference';
import type { IroEntry, MaterialityAnalysis } from '@klimadesk/contract/csrd/schemas';
import { call, queryOptions, type Answer } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { FieldGroup, FormDialog, applyServerError } from '../../components/FormDialog.tsx';
import { FormSelect, FormSwitch, FormText } from '../../components/form.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { ANALYSIS_KEYS, inLanguage } from './csrdQueries.ts';

export type EntryForm = {
  iro: string;
  actual: boolean;
  entryScale: string;
  entryScope: string;
  remediability: string;
  band: string;
  time: IroTime;
  scoreInternal: string;
  scoreExternal: string;
  note: string;
};

const isImpact = (c: IroCategory) => c === 'negative' || c === 'positive';

/** The form of an entry: values as the selects hold them (whole numbers as text, '' for none). */
export function entryFormOf(entry: IroEntry | null, scale: number): EntryForm {
  const s = (n: number | null | undefined) => (n == null ? '' : String(n));
  return {
    iro: entry?.iro ?? '',
    actual: entry?.actual ?? false,
    entryScale: s(entry?.entryScale ?? 1),
    entryScope: s(entry ? entry.entryScope : 1),
    remediability: s(entry ? entry.remediability : 1),
    band: String(entry ? probabilityBand(entry.probability, scale) : 1),
    time: entry?.time ?? 'short',
    scoreInternal: s(entry?.scoreInternal),
    scoreExternal: s(entry?.scoreExternal),
    note: entry?.note ?? '',
  };
}

/**
 * The values of an entry as the API takes them. The probability is stored in percent: a band stands
 * for its upper bound (scale 3, band 2 → 66), which reads back as the same band. Fields that do not
 * apply to the category are null: scope only for impacts, remediability only for negative ones.
 */
export function entryValuesOf(v: EntryForm, category: IroCategory, scale: number) {
  const n = (x: string) => (x === '' ? null : Number(x));
  const band = probabilityBands(scale).find((b) => String(b.band) === v.band) ?? probabilityBands(scale)[0];
  return {
    category,
    time: v.time,
    actual: isImpact(category) ? v.actual : false,
    entryScale: Number(v.entryScale),
    entryScope: isImpact(category) ? n(v.entryScope) : null,
    remediability: category === 'negative' ? n(v.remediability) : null,
    probability: band.to,
    scoreInternal: n(v.scoreInternal),
    scoreExternal: n(v.scoreExternal),
    note: v.note.trim() === '' ? null : v.note.trim(),
  };
}

const entryForm = z.object({
  iro: z.string(),
  actual: z.boolean(),
  entryScale: z.string().min(1),
  entryScope: z.string(),
  remediability: z.string(),
  band: z.string().min(1),
  time: z.enum(IRO_TIMES),
  scoreInternal: z.string(),
  scoreExternal: z.string(),
  note: z.string().max(4000),
});

/**
 * Scores one IRO in one category (seed 001 §3 IRO entry): scale, scope and remediability on the
 * analysis's range, probability by the scale's bands, time horizon, internal and external score, note.
 */
export function IroEntryDialog({
  analysis,
  scope,
  category,
  entry,
  onClose,
}: {
  analysis: MaterialityAnalysis;
  scope: CsrdScopeCode;
  category: IroCategory;
  entry: IroEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const limit = analysis.scaleUpperLimit;
  const iros = useQuery({
    ...inLanguage(
      queryOptions('maIros', {
        query: { sectors: analysis.sectors.join(',') || undefined, materialityAnalysis: analysis.id },
      }),
      currentLanguage(),
    ),
    enabled: entry === null,
    select: (d) => d['hydra:member'].filter((i) => i.scope === scope),
  });
  const form = useForm<EntryForm>({
    resolver: zodResolver(
      entryForm.refine((v) => entry !== null || v.iro !== '', {
        path: ['iro'],
        message: 'validation.required',
      }),
    ),
    defaultValues: entryFormOf(entry, analysis.scale),
  });
  const { control } = form;
  const levels = useMemo(
    () => Array.from({ length: limit }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
    [limit],
  );
  const save = useSaveIroEntry({ analysis, scope, category, entry, iros: iros.data, form, onClose });
  return (
    <FormDialog
      id="iro-entry"
      title={
        entry
          ? t('entry.editTitle', { name: entry.name, category: t(`iroCategory.${category}`) })
          : t('entry.createTitle', { category: t(`iroCategory.${category}`) })
      }
      mutation={save}
      onSubmit={form.handleSubmit((v) => save.run(v))}
      onClose={onClose}
      requiredHint
      submitLabel={entry ? undefined : t('common:actions.create')}
      submitTestId="entry-save"
      errorTestId="entry-error"
    >
      {!entry && (
        <FormSelect
          control={control}
          name="iro"
          label={t('entry.iro')}
          required
          options={(iros.data ?? []).map((i) => ({
            value: i.id,
            label: i.custom ? i.name : `${i.id} ${i.name}`,
          }))}
          slotProps={{ htmlInput: { 'data-testid': 'entry-iro' } }}
        />
      )}
      <SeverityFields control={control} category={category} limit={limit} levels={levels} />
      <LikelihoodFields control={control} category={category} scale={analysis.scale} />
      <ScoreFields control={control} levels={levels} />
      <FormText control={control} name="note" label={t('entry.note')} multiline minRows={2} />
    </FormDialog>
  );
}

type Iro = Answer<'maIros'>['hydra:member'][number];

/** Saves the entry; a new entry of a custom IRO names the IRO again (its id is per analysis). */
function useSaveIroEntry({
  analysis,
  scope,
  category,
  entry,
  iros,
  form,
  onClose,
}: {
  analysis: MaterialityAnalysis;
  scope: CsrdScopeCode;
  category: IroCategory;
  entry: IroEntry | null;
  iros: Iro[] | undefined;
  form: UseFormReturn<EntryForm>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  return useApiMutation({
    mutate: (v: EntryForm) => {
      const values = entryValuesOf(v, category, analysis.scale);
      if (entry) return call('updateIroEntry', { params: { id: entry.id }, body: values });
      const picked = iros?.find((i) => i.id === v.iro);
      return call('createIroEntry', {
        body: picked?.custom
          ? {
              materialityAnalysis: analysis.id,
              customIro: { name: picked.name, scope, sector: picked.sector },
              ...values,
            }
          : { materialityAnalysis: analysis.id, iro: v.iro, ...values },
      });
    },
    invalidate: ANALYSIS_KEYS,
    success: (e) => t(entry ? 'entry.saved' : 'entry.created', { name: e.name }),
    onSuccess: onClose,
    errorOf: (err) => applyServerError(err, form.setError, (f) => (f in form.getValues() ? f : null)),
  });
}

type Levels = { value: string; label: string }[];

/** Scale (or magnitude), and for impacts scope and, if negative, remediability. */
function SeverityFields({
  control,
  category,
  limit,
  levels,
}: {
  control: Control<EntryForm>;
  category: IroCategory;
  limit: number;
  levels: Levels;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const impact = isImpact(category);
  return (
    <FieldGroup
      title={t(impact ? 'entry.severity' : 'entry.financial')}
      hint={t('entry.rangeHint', { limit })}
    >
      <FormSelect
        control={control}
        name="entryScale"
        label={t(impact ? 'entry.scale' : 'entry.magnitude')}
        required
        options={levels}
        slotProps={{ htmlInput: { 'data-testid': 'entry-scale' } }}
      />
      {impact && (
        <FormSelect
          control={control}
          name="entryScope"
          label={t('entry.scope')}
          required
          options={levels}
          slotProps={{ htmlInput: { 'data-testid': 'entry-scope' } }}
        />
      )}
      {category === 'negative' && (
        <FormSelect
          control={control}
          name="remediability"
          label={t('entry.remediability')}
          required
          options={levels}
          slotProps={{ htmlInput: { 'data-testid': 'entry-remediability' } }}
        />
      )}
    </FieldGroup>
  );
}

/** Whether an impact is actual, else its probability band, and the time horizon. */
function LikelihoodFields({
  control,
  category,
  scale,
}: {
  control: Control<EntryForm>;
  category: IroCategory;
  scale: number;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const actual = useWatch({ control, name: 'actual' });
  const impact = isImpact(category);
  return (
    <FieldGroup title={t('entry.likelihood')}>
      {impact && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormSwitch control={control} name="actual" label={t('entry.actual')} />
        </Box>
      )}
      {!(impact && actual) && (
        <FormSelect
          control={control}
          name="band"
          label={t('entry.probability')}
          required
          options={probabilityBands(scale).map((b) => ({
            value: String(b.band),
            label: t('entry.band', { band: b.band, from: b.from, to: b.to }),
          }))}
          slotProps={{ htmlInput: { 'data-testid': 'entry-probability' } }}
        />
      )}
      <FormSelect
        control={control}
        name="time"
        label={t('entry.time')}
        required
        options={IRO_TIMES.map((x) => ({ value: x, label: t(`time.${x}`) }))}
        slotProps={{ htmlInput: { 'data-testid': 'entry-time' } }}
      />
    </FieldGroup>
  );
}

/** The internal and external stakeholders' scores, each optional. */
function ScoreFields({ control, levels }: { control: Control<EntryForm>; levels: Levels }) {
  const { t } = useTranslation(['csrd', 'common']);
  return (
    <FieldGroup title={t('entry.scores')} hint={t('entry.scoresHint')}>
      <FormSelect
        control={control}
        name="scoreInternal"
        label={t('entry.scoreInternal')}
        emptyLabel="–"
        options={levels}
      />
      <FormSelect
        control={control}
        name="scoreExternal"
        label={t('entry.scoreExternal')}
        emptyLabel="–"
        options={levels}
      />
    </FieldGroup>
  );
}
