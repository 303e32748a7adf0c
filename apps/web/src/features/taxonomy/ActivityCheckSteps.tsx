import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { TaxActivity, TaxObjective } from '@klimadesk/contract/taxonomy/schemas';
import type { TaxText } from '@klimadesk/contract/taxonomy/catalogue';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { FieldGroup } from '../../components/FormDialog.tsx';
import { SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation, type ApiMutation } from '../../components/useApiMutation.ts';
import { TaxFilesSection } from './TaxFiles.tsx';
import { SafeguardFlags } from './SafeguardFlags.tsx';
import { CriteriaTextFacts } from './CriteriaTextFacts.tsx';
import {
  MIN_SAFEGUARD_FLAGS,
  amountText,
  collapseFlags,
  neighbourStep,
  stepPath,
  taxAmount,
  type WizardStep,
} from './taxonomyModel.ts';
import { TAX_QUERY_KEYS, useFinancialYears } from './taxQueries.ts';
import {
  AmountFields,
  BackButton,
  StepError,
  StepFooter,
  YesNoField,
  useCriteria,
  useCriterionWrite,
  type Amounts,
} from './ActivityWizardParts.tsx';

/**
 * The check steps of the activity wizard: one per substantial-contribution criterion and per DNSH
 * check, each with the act's text and what the catalogue knows about it, and the minimum safeguards.
 */
/** The act's text of a criterion or DNSH check, scrollable when long. */
function CriterionText({ text, testId }: { text: string | null | undefined; testId: string }) {
  const { t } = useTranslation('taxonomy');
  return (
    <Box
      data-testid={testId}
      sx={{
        maxHeight: 320,
        overflowY: 'auto',
        p: 2,
        bgcolor: 'background.default',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {text || t('wizard.noText')}
      </Typography>
    </Box>
  );
}

function MissingStep({ activity, text }: { activity: TaxActivity; text: string }) {
  const { t } = useTranslation('taxonomy');
  const navigate = useNavigate();
  return (
    <Alert
      severity="warning"
      action={
        <Button
          color="inherit"
          onClick={() => void navigate({ href: stepPath(activity.id, { kind: 'criteria' }) })}
        >
          {t('wizard.steps.criteria')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

/**
 * The frame of a criterion or DNSH step: its weight, the regulation's text, the step's own fields
 * (`children`), the evidence files, and back, save and next.
 */
function CheckStepFrame({
  title,
  description,
  weight,
  text,
  facts,
  textTestId,
  activity,
  steps,
  step,
  save,
  files,
  children,
}: {
  title: string;
  description: string | undefined;
  weight: number;
  text: string | null | undefined;
  /** The act's text with its edition, category and appendices. */
  facts: TaxText | undefined;
  textTestId: string;
  activity: TaxActivity;
  steps: readonly WizardStep[];
  step: WizardStep;
  /** The step's write; null when the user may not edit. */
  save: Pick<ApiMutation<undefined>, 'run' | 'busy' | 'error'> | null;
  files: Parameters<typeof TaxFilesSection>[0];
  children: ReactNode;
}) {
  const { t } = useTranslation('taxonomy');
  const prev = neighbourStep(steps, step, -1);
  const next = neighbourStep(steps, step, 1);
  return (
    <SectionCard
      title={title}
      description={description}
      actions={<Chip size="small" variant="outlined" label={t('wizard.weight', { weight })} />}
    >
      <Box sx={{ display: 'grid', gap: 3 }}>
        <CriterionText text={text} testId={textTestId} />
        {facts && <CriteriaTextFacts text={facts} />}
        {children}
        <TaxFilesSection {...files} />
        <StepFooter
          prev={prev && stepPath(activity.id, prev)}
          next={next && stepPath(activity.id, next)}
          onSave={save ? async () => (await save.run(undefined)) !== undefined : undefined}
          busy={save?.busy}
          error={save?.error}
        />
      </Box>
    </SectionCard>
  );
}

/** What a check step of one criterion gets. */
type CheckStepProps = {
  activity: TaxActivity;
  critId: string;
  canEdit: boolean;
  steps: readonly WizardStep[];
};

export function CriterionStep({ activity, critId, canEdit, steps }: CheckStepProps) {
  const { t } = useTranslation('taxonomy');
  const lang = currentLanguage();
  const criteria = useCriteria();
  const ac = activity.activityCriteria.find((c) => c.criterion === critId);
  const texts = useQuery({
    ...queryOptions('taxEuActivityCriteria', { params: { id: activity.euActivity.id } }),
    staleTime: 60_000,
  });
  const [sc, setSc] = useState<boolean | null>(ac?.substantialContribution ?? null);
  const [amounts, setAmounts] = useState<Amounts>({
    turnover: amountText(ac?.turnover, lang),
    capex: amountText(ac?.capex, lang),
    opex: amountText(ac?.opex, lang),
  });
  const save = useCriterionWrite(activity, critId, {
    substantialContribution: sc,
    turnover: taxAmount(amounts.turnover, lang),
    capex: taxAmount(amounts.capex, lang),
    opex: taxAmount(amounts.opex, lang),
  });
  if (!ac)
    return <MissingStep activity={activity} text={t('wizard.criterionNotSelected', { criterion: critId })} />;
  const info = criteria.find((c) => c.id === critId);
  const facts = texts.data?.['hydra:member'].find((x) => x.criteria === critId && x.dnsh === null);
  const text = facts?.text;
  return (
    <CheckStepFrame
      title={t('wizard.critTitle', { criterion: info ? `${info.abbreviation} · ${info.name}` : critId })}
      description={info?.title}
      weight={ac.weight}
      text={text}
      facts={facts}
      textTestId="tax-criterion-text"
      activity={activity}
      steps={steps}
      step={{ kind: 'crit', critId }}
      save={canEdit ? save : null}
      files={{
        type: 'criteria',
        ownerId: ac.id,
        files: ac.files,
        canWrite: canEdit,
        testId: 'tax-crit-files',
      }}
    >
      <YesNoField
        label={t('wizard.scQuestion')}
        value={sc}
        onChange={setSc}
        disabled={!canEdit}
        testId="tax-sc"
      />
      <FieldGroup title={t('wizard.critAmounts')} hint={t('wizard.critAmountsHint')}>
        <AmountFields value={amounts} onChange={setAmounts} disabled={!canEdit} idPrefix="tax-crit" />
      </FieldGroup>
    </CheckStepFrame>
  );
}

export function DnshStep({ activity, critId, dnshId, canEdit, steps }: CheckStepProps & { dnshId: string }) {
  const { t } = useTranslation('taxonomy');
  const criteria = useCriteria();
  const ac = activity.activityCriteria.find((c) => c.criterion === critId);
  const check = ac?.dnshActivityCriteria.find((d) => d.dnsh === dnshId);
  const texts = useQuery({
    ...queryOptions('taxEuActivityDnsh', {
      query: {
        euActivity: activity.euActivity.id,
        criteria: critId as TaxObjective,
        dnsh: dnshId as TaxObjective,
      },
    }),
    staleTime: 60_000,
  });
  const [complies, setComplies] = useState<boolean | null>(check?.complies ?? null);
  const [alwaysMet, setAlwaysMet] = useState(check?.isAlwaysMet ?? false);
  const save = useCriterionWrite(activity, critId, {
    dnshActivityCriteria: [{ dnsh: dnshId as TaxObjective, complies, isAlwaysMet: alwaysMet }],
  });
  if (!ac || !check) return <MissingStep activity={activity} text={t('wizard.dnshMissing')} />;
  const name = (id: string) => {
    const c = criteria.find((x) => x.id === id);
    return c ? `${c.abbreviation} · ${c.name}` : id;
  };
  const facts = texts.data?.['hydra:member'].find((x) => x.dnsh === dnshId);
  const text = facts?.text;
  return (
    <CheckStepFrame
      title={t('wizard.dnshTitle', { dnsh: name(dnshId) })}
      description={t('wizard.dnshOf', { criterion: name(critId) })}
      weight={check.weight}
      text={text}
      facts={facts}
      textTestId="tax-dnsh-text"
      activity={activity}
      steps={steps}
      step={{ kind: 'dnsh', critId, dnshId }}
      save={canEdit ? save : null}
      files={{
        type: 'dnsh',
        ownerId: check.id,
        files: check.files,
        canWrite: canEdit,
        testId: 'tax-dnsh-files',
      }}
    >
      <FormControlLabel
        disabled={!canEdit}
        control={
          <Checkbox
            checked={alwaysMet}
            onChange={(e) => setAlwaysMet(e.target.checked)}
            slotProps={{ input: { 'data-testid': 'tax-dnsh-always' } as object }}
          />
        }
        label={
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{t('wizard.alwaysMet')}</Typography>
            <Typography variant="caption" color="text.secondary">
              {t('wizard.alwaysMetHint')}
            </Typography>
          </Box>
        }
        sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.25 } }}
      />
      {!alwaysMet && (
        <YesNoField
          label={t('wizard.compliesQuestion')}
          value={complies}
          onChange={setComplies}
          disabled={!canEdit}
          testId="tax-dnsh-complies"
        />
      )}
    </CheckStepFrame>
  );
}

export function MinSafeguardsStep({ activity, canEdit }: { activity: TaxActivity; canEdit: boolean }) {
  const { t } = useTranslation('taxonomy');
  const year = (useFinancialYears().data?.['hydra:member'] ?? []).find((y) => y.id === activity.year.id);
  const [flags, setFlags] = useState<boolean[]>(() =>
    Array.from({ length: MIN_SAFEGUARD_FLAGS }, () => activity.minSafeguards),
  );
  const finished = activity.status === 'finished';
  const save = useApiMutation({
    mutate: (status: 'open' | 'finished' | undefined) =>
      call('updateTaxActivity', {
        params: { id: activity.id },
        body: { minSafeguards: collapseFlags(flags), ...(status ? { status } : {}) },
      }),
    invalidate: TAX_QUERY_KEYS,
    // Seed 001 §4: an update stays on the page.
    success: (_a, status) =>
      t(status === 'finished' ? 'wizard.finished' : status === 'open' ? 'wizard.reopened' : 'wizard.saved'),
  });
  const prev = stepBeforeSafeguards(activity);
  const yearMet = year ? year.minSafeguards : null;
  return (
    <SectionCard title={t('wizard.steps.minSafe')} description={t('wizard.minSafeHint')}>
      <Box sx={{ display: 'grid', gap: 3 }}>
        {yearMet !== null && (
          <Alert
            severity={yearMet === (1 << MIN_SAFEGUARD_FLAGS) - 1 ? 'success' : 'warning'}
            variant="outlined"
          >
            {t('wizard.yearFlags', { year: activity.year.taxYear })}
          </Alert>
        )}
        <SafeguardFlags flags={flags} onChange={setFlags} disabled={!canEdit} testIdPrefix="tax-minsafe" />
        {canEdit && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button size="small" onClick={() => setFlags(flags.map(() => true))}>
              {t('wizard.allMet')}
            </Button>
            <Button size="small" onClick={() => setFlags(flags.map(() => false))}>
              {t('wizard.noneMet')}
            </Button>
          </Box>
        )}
        <AssessmentSummary assessment={activity.assessment} />
        <StepError error={save.error} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <BackButton href={prev} />
          {canEdit && (
            <FinishButtons finished={finished} busy={save.busy} onSave={(status) => void save.run(status)} />
          )}
        </Box>
      </Box>
    </SectionCard>
  );
}

/** The step before the minimum safeguards: the last criterion's last DNSH, else that criterion, else the list. */
function stepBeforeSafeguards(activity: TaxActivity): string {
  const stepsBefore = activity.activityCriteria.at(-1);
  const lastDnsh = stepsBefore?.dnshActivityCriteria.at(-1);
  return stepsBefore
    ? lastDnsh
      ? stepPath(activity.id, { kind: 'dnsh', critId: stepsBefore.criterion, dnshId: lastDnsh.dnsh })
      : stepPath(activity.id, { kind: 'crit', critId: stepsBefore.criterion })
    : stepPath(activity.id, { kind: 'criteria' });
}

/** Save, and finish the activity or open it again. */
function FinishButtons({
  finished,
  busy,
  onSave,
}: {
  finished: boolean;
  busy: boolean;
  onSave: (status: 'open' | 'finished' | undefined) => void;
}) {
  const { t } = useTranslation('taxonomy');
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        disabled={busy}
        onClick={() => onSave(undefined)}
        data-testid="tax-step-save"
      >
        {t('common:actions.save')}
      </Button>
      {finished ? (
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => onSave('open')}
          data-testid="tax-activity-reopen"
        >
          {t('wizard.reopen')}
        </Button>
      ) : (
        <Button
          variant="contained"
          startIcon={<CheckCircleOutlined />}
          disabled={busy}
          onClick={() => onSave('finished')}
          data-testid="tax-activity-finish"
        >
          {t('wizard.finish')}
        </Button>
      )}
    </Box>
  );
}

/** The outcome so far (seed 001 §2 overview columns), as the server computed it after the last save. */
function AssessmentSummary({ assessment }: { assessment: TaxActivity['assessment'] }) {
  const { t } = useTranslation('taxonomy');
  const items = ['eligible', 'substantialContribution', 'dnsh', 'minSafeguards', 'aligned'] as const;
  return (
    <Box data-testid="tax-assessment" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {items.map((k) => (
        <Chip
          key={k}
          size="small"
          color={assessment[k] ? 'success' : 'default'}
          variant={assessment[k] ? 'filled' : 'outlined'}
          label={`${t(`columns.${k}`)}: ${assessment[k] ? t('flags.yes') : t('flags.no')}`}
        />
      ))}
    </Box>
  );
}
