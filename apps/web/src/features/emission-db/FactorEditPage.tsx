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
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { ActivityDetail, Factor } from '@klimadesk/contract/emission-db/schemas';
import { ApiError } from '../../app/api.ts';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { errorText } from '../../components/errors.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { FactorFields } from './FactorFields.tsx';
import {
  FACTOR_KEYS,
  activityName,
  emptyFactorForm,
  factorFormSchema,
  factorToForm,
  toFactorInput,
  type FactorForm,
} from './emissionDb.ts';

/**
 * The factor editor (seed 002 §2 `edit-activity/{activityId}/new-factor` and
 * `edit-activity/{activityId}/{factorId}`). Periods of one activity, country and provider must not
 * overlap: the server's refusal marks the period fields.
 */
export function FactorEditPage() {
  const { activityId, factorId } = useParams({ strict: false }) as { activityId: string; factorId?: string };
  const { t } = useTranslation(['emissionDb', 'common']);
  const navigate = useNavigate();
  const activity = useQuery(queryOptions('getActivity', { params: { id: activityId } }));
  const factor = useQuery({
    ...queryOptions('getEmissionFactor', { params: { id: factorId ?? '' } }),
    enabled: !!factorId,
  });
  const back = (
    <Button
      startIcon={<ArrowBack />}
      onClick={() => void navigate({ href: `/emission-db/edit-activity/${activityId}` })}
    >
      {t('factor.backToActivity')}
    </Button>
  );
  const title = factorId ? t('factor.editTitle') : t('factor.newTitle');
  if (activity.isError || factor.isError)
    return (
      <>
        <PageHeader title={title} actions={back} />
        <Alert severity="error">{t(activity.isError ? 'activity.notFound' : 'factor.notFound')}</Alert>
      </>
    );
  if (!activity.data || (factorId && !factor.data)) return <Skeleton variant="rounded" height={480} />;
  return (
    <FactorEditor
      key={factor.data?.id ?? 'new'}
      activity={activity.data}
      factor={factor.data ?? null}
      title={title}
      back={back}
    />
  );
}

/** The factor's form and its save (a new factor of the activity or a new version); back to the activity after. */
function useFactorForm(activity: ActivityDetail, factor: Factor | null, isProvider: boolean, lang: Language) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const navigate = useNavigate();
  const schema = useMemo(
    () => factorFormSchema(currentLanguage, t, { sourceRequired: activity.isCustom }),
    [t, activity.isCustom],
  );
  const form = useForm<FactorForm>({
    resolver: zodResolver(schema),
    defaultValues: factor ? factorToForm(factor, lang) : emptyFactorForm(!activity.isCustom),
  });
  const toActivity = () => void navigate({ href: `/emission-db/edit-activity/${activity.id}` });
  const save = useApiMutation({
    mutate: (v: FactorForm) => {
      const input = toFactorInput(v, lang, { withProvider: isProvider });
      return factor
        ? call('updateEmissionFactor', { params: { id: factor.id }, body: input })
        : call('createEmissionFactor', { body: { ...input, activityId: activity.id } });
    },
    invalidate: FACTOR_KEYS,
    success: () => (factor ? t('factor.saved') : t('factor.created')),
    onSuccess: toActivity,
    errorOf: (err) => {
      const text = errorText(err);
      // The overlap is a matter of the period: both of its fields show the refusal.
      if (err instanceof ApiError && err.key === 'factorPeriodOverlap') {
        form.setError('validFrom', { type: 'server', message: text });
        form.setError('validUntil', { type: 'server', message: text });
      }
      return text;
    },
  });
  return { form, save, toActivity };
}

function FactorEditor({
  activity,
  factor,
  title,
  back,
}: {
  activity: ActivityDetail;
  factor: Factor | null;
  title: string;
  back: React.ReactNode;
}) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const isProvider = me.roles.includes('ROLE_SMP_ADMIN');
  const { form, save, toActivity } = useFactorForm(activity, factor, isProvider, lang);

  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('factor.subtitle', { activity: activityName(activity, lang) })}
        actions={back}
      />
      <Box
        component="form"
        noValidate
        onSubmit={form.handleSubmit((v) => save.run(v))}
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}
        data-testid="factor-form"
      >
        {save.error && (
          <Alert severity="error" role="alert" onClose={save.clearError} data-testid="factor-error">
            {save.error}
          </Alert>
        )}
        {factor && (
          <Alert severity="info" data-testid="factor-version-hint">
            {t('factor.versionOf', { version: factor.version })} · {t('factor.versionHint')}
          </Alert>
        )}
        <SectionCard title={title} description={t('common:form.requiredHint')}>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <FactorFields
              control={form.control}
              setValue={form.setValue}
              isProvider={isProvider}
              sourceRequired={activity.isCustom}
              isSaved={!!factor}
            />
          </Box>
        </SectionCard>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button onClick={toActivity} disabled={save.busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.busy} data-testid="factor-save">
            {factor ? t('common:actions.save') : t('common:actions.create')}
          </Button>
        </Box>
      </Box>
    </>
  );
}
