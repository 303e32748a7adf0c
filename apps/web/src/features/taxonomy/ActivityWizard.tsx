import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import type { TaxActivity } from '@klimadesk/contract/taxonomy/schemas';
import { PageHeader } from '../../components/PageHeader.tsx';
import { CriterionStep, DnshStep, MinSafeguardsStep } from './ActivityCheckSteps.tsx';
import { CoreStep } from './ActivityCoreStep.tsx';
import { CriteriaStep, NewCriteriaStep } from './ActivityCriteriaStep.tsx';
import { StepNav } from './ActivityStepNav.tsx';
import { useCriteria, useHelpText } from './ActivityWizardParts.tsx';
import { useEuActivityName } from './euActivities.ts';
import { TaxTariffState } from './TaxTariffState.tsx';
import { helpKeyOf, wizardSteps, type WizardStep } from './taxonomyModel.ts';
import { useCanEditTax } from './taxQueries.ts';

// The activity wizard: one file per step (core data, selection, criterion, DNSH and minimum
// safeguards in ActivityCheckSteps.tsx), the step list and this frame.

type StepProps = {
  activity: TaxActivity | null;
  step: WizardStep;
  steps: readonly WizardStep[];
  canEdit: boolean;
};

/** The form of the current step. A step keeps what the user typed while the activity refetches after a save; another step mounts afresh. */
function StepBody({ activity, step, steps, canEdit }: StepProps): ReactNode {
  if (!activity)
    return step.kind === 'criteria' ? <NewCriteriaStep /> : <CoreStep activity={null} canEdit={canEdit} />;
  if (step.kind === 'core') return <CoreStep activity={activity} canEdit={canEdit} />;
  if (step.kind === 'criteria') return <CriteriaStep activity={activity} canEdit={canEdit} />;
  if (step.kind === 'crit')
    return (
      <CriterionStep
        key={step.critId}
        activity={activity}
        critId={step.critId}
        canEdit={canEdit}
        steps={steps}
      />
    );
  if (step.kind === 'dnsh')
    return (
      <DnshStep
        key={`${step.critId}/${step.dnshId}`}
        activity={activity}
        critId={step.critId}
        dnshId={step.dnshId}
        canEdit={canEdit}
        steps={steps}
      />
    );
  return <MinSafeguardsStep activity={activity} canEdit={canEdit} />;
}

/** The wizard of one activity: header, step navigation, the step's form and the way on. */
export function ActivityWizard({ activity, step }: { activity: TaxActivity | null; step: WizardStep }) {
  const { t } = useTranslation('taxonomy');
  const criteria = useCriteria();
  const euName = useEuActivityName();
  const canEdit =
    useCanEditTax(activity ? 'updateTaxActivity' : 'createTaxActivity') && (activity?.canWrite ?? true);
  const steps = activity
    ? wizardSteps(
        activity.activityCriteria.map((c) => ({
          id: c.criterion,
          dnsh: c.dnshActivityCriteria.map((d) => d.dnsh),
        })),
      )
    : [{ kind: 'core' } as const, { kind: 'criteria' } as const];
  const abbr = (id: string) => criteria.find((c) => c.id === id)?.abbreviation ?? id;
  const label = (s: WizardStep) => {
    if (s.kind === 'crit') return t('wizard.steps.crit', { criterion: abbr(s.critId) });
    if (s.kind === 'dnsh') return t('wizard.steps.dnsh', { dnsh: abbr(s.dnshId) });
    return t(`wizard.steps.${s.kind}`);
  };
  const help = useHelpText(helpKeyOf(step));

  return (
    <>
      <PageHeader
        title={activity ? activity.name : t('wizard.newTitle')}
        subtitle={
          activity
            ? `${euName(activity.euActivity)} · ${t('columns.yearOf', { year: activity.year.taxYear })}`
            : t('wizard.newSubtitle')
        }
        actions={
          activity && (
            <Chip
              color={activity.status === 'finished' ? 'success' : 'default'}
              variant={activity.status === 'finished' ? 'filled' : 'outlined'}
              label={t(`status.${activity.status}`)}
              data-testid="tax-activity-status"
            />
          )
        }
      />
      <TaxTariffState />
      {!canEdit && activity && (
        <Alert severity="info" icon={<LockOutlined />} sx={{ mb: 2 }}>
          {t('wizard.readOnly')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <StepNav steps={steps} current={step} label={label} activityId={activity?.id ?? 'new'} />
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          {help && (
            <Alert severity="info" variant="outlined" data-testid="tax-help">
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                {help}
              </Typography>
            </Alert>
          )}
          <StepBody activity={activity} step={step} steps={steps} canEdit={canEdit} />
        </Box>
      </Box>
    </>
  );
}
