import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { ActivityDetail, ActivityUpdateBody } from '@klimadesk/contract/emission-db/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { applyServerError } from '../../components/FormDialog.tsx';
import { FormSelect, FormText } from '../../components/form.tsx';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { errorMessage } from '../../components/validation.ts';
import { ActivityFactorsTable } from './ActivityFactorsTable.tsx';
import { FactorFields } from './FactorFields.tsx';
import {
  ACTIVITY_KEYS,
  activityName,
  emptyFactorForm,
  factorFormSchema,
  sectionName,
  sectionOptions,
  toFactorInput,
  treatmentOptions,
  type FactorForm,
} from './emissionDb.ts';
import { activityPath } from './ActivityListPage.tsx';

type ActivityForm = {
  deName: string;
  deDescription: string;
  deSynonyms: string[];
  enName: string;
  enDescription: string;
  enSynonyms: string[];
  categories: string[];
  internalName: string;
  treatmentId: string;
};

const EMPTY: ActivityForm = {
  deName: '',
  deDescription: '',
  deSynonyms: [],
  enName: '',
  enDescription: '',
  enSynonyms: [],
  categories: [],
  internalName: '',
  treatmentId: '',
};

function toForm(a: ActivityDetail): ActivityForm {
  return {
    deName: a.translations.de.name,
    deDescription: a.translations.de.description ?? '',
    deSynonyms: a.translations.de.synonyms,
    enName: a.translations.en.name,
    enDescription: a.translations.en.description ?? '',
    enSynonyms: a.translations.en.synonyms,
    categories: a.categories,
    internalName: a.internalName ?? '',
    treatmentId: a.treatmentId ?? '',
  };
}

/** The activity's own fields as the contract takes them; a language without a name is left out. */
function toBody(v: ActivityForm): ActivityUpdateBody {
  const translation = (name: string, description: string, synonyms: string[]) =>
    name.trim() ? { name: name.trim(), description: description.trim() || null, synonyms } : undefined;
  return {
    translations: {
      de: translation(v.deName, v.deDescription, v.deSynonyms),
      en: translation(v.enName, v.enDescription, v.enSynonyms),
    },
    categories: v.categories,
    internalName: v.internalName.trim() || null,
    treatmentId: (v.treatmentId || null) as ActivityUpdateBody['treatmentId'],
  };
}

/** Synonyms as chips: typed terms are added with Enter. */
function SynonymsField({
  control,
  name,
  label,
  lang,
}: {
  control: Control<ActivityForm>;
  name: 'deSynonyms' | 'enSynonyms';
  label: string;
  lang: 'de' | 'en';
}) {
  const { t } = useTranslation('emissionDb');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Autocomplete
          multiple
          freeSolo
          options={[] as string[]}
          value={field.value}
          onChange={(_e, v) => field.onChange([...new Set(v.map((s) => s.trim()).filter(Boolean))])}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...item } = getItemProps({ index });
              return <Chip key={key} size="small" label={option} {...item} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              helperText={t('activity.synonymsHint')}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, lang } }}
            />
          )}
        />
      )}
    />
  );
}

/**
 * The activity editor (seed 002 §2 `edit-activity/new` and `edit-activity/{activityId}`): names,
 * descriptions and synonyms in German and English, categories (at least one), internal name and
 * treatment; a new activity comes with its first factor (seed 002 §5), an existing one lists its
 * factors with add, edit and delete.
 */
export function ActivityEditPage() {
  const { activityId } = useParams({ strict: false }) as { activityId?: string };
  const { t } = useTranslation(['emissionDb', 'common']);
  const navigate = useNavigate();
  const activity = useQuery({
    ...queryOptions('getActivity', { params: { id: activityId ?? '' } }),
    enabled: !!activityId,
  });
  const back = (
    <Button startIcon={<ArrowBack />} onClick={() => void navigate({ href: '/emission-db/activity-list' })}>
      {t('activities.title')}
    </Button>
  );
  if (!activityId) return <ActivityEditor activity={null} back={back} />;
  if (activity.isError)
    return (
      <>
        <PageHeader title={t('activity.editTitle', { name: '' })} actions={back} />
        <Alert severity="error">{t('activity.notFound')}</Alert>
      </>
    );
  if (!activity.data) return <Skeleton variant="rounded" height={480} />;
  return <ActivityEditor key={activity.data.id} activity={activity.data} back={back} />;
}

function ActivityEditor({ activity, back }: { activity: ActivityDetail | null; back: React.ReactNode }) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const navigate = useNavigate();
  const isProvider = me.roles.includes('ROLE_SMP_ADMIN');
  const schema = useMemo(
    () =>
      z
        .object({
          deName: z.string().max(300),
          deDescription: z.string().max(4000),
          deSynonyms: z.array(z.string()),
          enName: z.string().max(300),
          enDescription: z.string().max(4000),
          enSynonyms: z.array(z.string()),
          categories: z.array(z.string()).min(1),
          internalName: z.string().max(200),
          treatmentId: z.string(),
        })
        .refine((v) => v.deName.trim() || v.enName.trim(), {
          path: ['deName'],
          message: t('activity.nameMissing'),
        }),
    [t],
  );
  const form = useForm<ActivityForm>({
    resolver: zodResolver(schema),
    defaultValues: activity ? toForm(activity) : EMPTY,
  });
  // A new activity needs its first factor (seed 002 §5); custom ones need its source.
  const factorSchema = useMemo(
    () => factorFormSchema(currentLanguage, t, { sourceRequired: !isProvider }),
    [t, isProvider],
  );
  const factorForm = useForm<FactorForm>({
    resolver: zodResolver(factorSchema),
    defaultValues: emptyFactorForm(isProvider),
  });

  const save = useApiMutation({
    mutate: async (v: { activity: ActivityForm; factor: FactorForm | null }) => {
      const body = toBody(v.activity);
      if (activity) return call('updateActivity', { params: { id: activity.id }, body });
      const factor = toFactorInput(v.factor!, lang, { withProvider: isProvider });
      return call('createActivity', { body: { ...body, factors: [factor] } });
    },
    invalidate: ACTIVITY_KEYS,
    success: (saved) => (activity ? t('activity.saved') : t('activity.created', { name: saved.name })),
    onSuccess: (saved) => {
      form.reset(toForm(saved));
      if (!activity) void navigate({ href: activityPath(saved.id), replace: true });
    },
    errorOf: (err) =>
      applyServerError(err, factorForm.setError, (field) =>
        field.includes('validFrom') || field.includes('validUntil') ? 'validUntil' : null,
      ),
  });

  const submit = async () => {
    const ok = await form.trigger();
    const factorOk = activity ? true : await factorForm.trigger();
    if (!ok || !factorOk) return;
    await save.run({ activity: form.getValues(), factor: activity ? null : factorForm.getValues() });
  };

  const { control } = form;
  const sections = sectionOptions(lang);
  const title = activity
    ? t('activity.editTitle', { name: activityName(activity, lang) })
    : t('activity.newTitle');
  const canWrite = can(me, activity ? 'updateActivity' : 'createActivity');

  return (
    <>
      <PageHeader
        title={title}
        subtitle={activity ? t('activity.subtitle') : t('activity.newSubtitle')}
        actions={back}
      />
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}
        data-testid="activity-form"
      >
        {activity?.isCustom && <Alert severity="info">{t('activity.customHint')}</Alert>}
        {save.error && (
          <Alert severity="error" role="alert" onClose={save.clearError} data-testid="activity-error">
            {save.error}
          </Alert>
        )}
        <SectionCard title={t('activity.translations')} description={t('common:form.requiredHint')}>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {(['de', 'en'] as const).map((l) => (
              <Box
                key={l}
                component="fieldset"
                sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'grid', gap: 2 }}
              >
                <Typography component="legend" variant="h4" sx={{ mb: 1 }}>
                  {t(`activity.${l}`)}
                </Typography>
                <FormText
                  control={control}
                  name={l === 'de' ? 'deName' : 'enName'}
                  label={t('activity.name')}
                  required={l === 'de'}
                  slotProps={{ htmlInput: { lang: l, 'data-testid': `activity-name-${l}` } }}
                />
                <FormText
                  control={control}
                  name={l === 'de' ? 'deDescription' : 'enDescription'}
                  label={t('activity.description')}
                  multiline
                  minRows={2}
                  slotProps={{ htmlInput: { lang: l } }}
                />
                <SynonymsField
                  control={control}
                  name={l === 'de' ? 'deSynonyms' : 'enSynonyms'}
                  label={t('activity.synonyms')}
                  lang={l}
                />
              </Box>
            ))}
          </Box>
        </SectionCard>
        <SectionCard title={t('activity.master')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Controller
              control={control}
              name="categories"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  required
                  label={t('activity.categories')}
                  value={field.value}
                  onChange={(e) => {
                    const v = e.target.value as unknown as string[] | string;
                    field.onChange(typeof v === 'string' ? v.split(',') : v);
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={!!fieldState.error}
                  helperText={errorMessage(t, fieldState.error?.message)}
                  sx={{ gridColumn: '1 / -1' }}
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (v) => (
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                          {(v as string[]).map((id) => (
                            <Chip key={id} size="small" label={sectionName(id, lang)} />
                          ))}
                        </Box>
                      ),
                    },
                  }}
                  data-testid="activity-categories"
                >
                  {sections.map((s) => (
                    <MenuItem key={s.value} value={s.value} sx={s.isScope ? { fontWeight: 650 } : { pl: 4 }}>
                      {s.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FormText control={control} name="internalName" label={t('activity.internalName')} />
            <FormSelect
              control={control}
              name="treatmentId"
              label={t('activity.treatment')}
              emptyLabel={t('none')}
              options={treatmentOptions(lang)}
            />
          </Box>
        </SectionCard>
        {!activity && (
          <SectionCard title={t('activity.firstFactor')} description={t('activity.firstFactorHint')}>
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
              <FactorFields
                control={factorForm.control}
                setValue={factorForm.setValue}
                isProvider={isProvider}
                sourceRequired={!isProvider}
              />
            </Box>
          </SectionCard>
        )}
        {canWrite && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={save.busy || (!!activity && !form.formState.isDirty)}
              data-testid="activity-save"
            >
              {activity ? t('common:actions.save') : t('common:actions.create')}
            </Button>
          </Box>
        )}
      </Box>
      {activity && (
        // A one-column grid keeps the wide table from widening the page on a phone; it scrolls instead.
        <Box sx={{ mt: 3, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <ActivityFactorsTable activity={activity} />
        </Box>
      )}
    </>
  );
}
