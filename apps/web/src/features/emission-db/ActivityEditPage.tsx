import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Language } from '@klimadesk/contract/constants';
import type { ActivityDetail, ActivityUpdateBody } from '@klimadesk/contract/emission-db/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { applyServerError } from '../../components/FormDialog.tsx';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { ActivityFactorsTable } from './ActivityFactorsTable.tsx';
import { FactorFields } from './FactorFields.tsx';
import {
  ACTIVITY_KEYS,
  activityName,
  emptyFactorForm,
  factorFormSchema,
  toFactorInput,
  type FactorForm,
} from './emissionDb.ts';
import { activityPath } from './ActivityListPage.tsx';
import { type ActivityForm, ActivityMaster, ActivityTranslations } from './ActivityFields.tsx';

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

/** Names at most 300 characters, descriptions 4000; a name in at least one language, a category at least. */
function activitySchema(t: TFunction) {
  return z
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
    });
}

/**
 * The activity's form and, for a new activity, the form of its first factor (seed 002 §5; custom
 * ones need its source), and their save: an update, or the new activity with its factor.
 */
function useActivityForms(activity: ActivityDetail | null, isProvider: boolean, lang: Language) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const navigate = useNavigate();
  const schema = useMemo(() => activitySchema(t), [t]);
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
  return { form, factorForm, save, submit };
}

function ActivityEditor({ activity, back }: { activity: ActivityDetail | null; back: React.ReactNode }) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const isProvider = me.roles.includes('ROLE_SMP_ADMIN');
  const { form, factorForm, save, submit } = useActivityForms(activity, isProvider, lang);
  const { control } = form;
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
        <ActivityTranslations control={control} />
        <ActivityMaster control={control} lang={lang} />
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
