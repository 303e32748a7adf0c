import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { TaxActivity, TaxObjective } from '@klimadesk/contract/taxonomy/schemas';
import { call, type Answer } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { newDraft, resetNewDraft } from './activityDraft.ts';
import { BackButton, StepError, useActivityWrite, useCriteria } from './ActivityWizardParts.tsx';
import { useEuActivities } from './euActivities.ts';
import { removedCriteria, selectionProblem, stepPath, taxAmount } from './taxonomyModel.ts';
import { TAX_QUERY_KEYS } from './taxQueries.ts';

// Step 2, the selection of environmental objectives: for a new activity (which is saved here) and
// for a saved one (whose selection locks once left).

type Criterion = Answer<'taxCriterias'>['hydra:member'][number];

/**
 * The six objectives as checkboxes; the ones the EU activity is listed for are marked eligible.
 * `noneChosen` says below them that one is needed (after a try to go on without).
 */
function CriteriaChoice({
  criteria,
  eligible,
  selected,
  onChange,
  disabled,
  noneChosen,
}: {
  criteria: readonly Criterion[];
  eligible: readonly string[];
  selected: readonly TaxObjective[];
  onChange: (v: TaxObjective[]) => void;
  disabled: boolean;
  noneChosen: boolean;
}) {
  const { t } = useTranslation('taxonomy');
  return (
    <>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {criteria.map((c) => {
          const on = selected.includes(c.id);
          return (
            <Box
              key={c.id}
              sx={{ border: 1, borderColor: on ? 'primary.main' : 'divider', borderRadius: 2, p: 1.5 }}
            >
              <FormControlLabel
                disabled={disabled}
                control={
                  <Checkbox
                    checked={on}
                    onChange={(e) =>
                      onChange(e.target.checked ? [...selected, c.id] : selected.filter((x) => x !== c.id))
                    }
                    slotProps={{ input: { 'data-testid': `tax-criterion-${c.id}` } as object }}
                  />
                }
                label={
                  <Box>
                    <Typography sx={{ fontWeight: 650 }}>
                      {c.abbreviation} · {c.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {c.title}
                    </Typography>
                  </Box>
                }
                sx={{ alignItems: 'flex-start', m: 0, '& .MuiCheckbox-root': { pt: 0.25 } }}
              />
              <Box sx={{ pl: 4.5, mt: 0.5 }}>
                <Chip
                  size="small"
                  variant="outlined"
                  color={eligible.includes(c.id) ? 'success' : 'default'}
                  label={eligible.includes(c.id) ? t('wizard.eligibleFor') : t('wizard.notEligibleFor')}
                />
              </Box>
            </Box>
          );
        })}
      </Box>
      {noneChosen && (
        <Alert severity="error" role="alert">
          {t('wizard.atLeastOne')}
        </Alert>
      )}
    </>
  );
}

/** Creates the new activity from the core data and the selection, then opens its first criterion's step. */
function useCreateActivity(selected: TaxObjective[]) {
  const { t } = useTranslation('taxonomy');
  const lang = currentLanguage();
  const navigate = useNavigate();
  const core = newDraft.core;
  return useApiMutation({
    mutate: () =>
      call('createTaxActivity', {
        body: {
          euActivity: core.euActivity ?? '',
          year: core.yearId,
          name: core.name.trim(),
          naceCode: core.naceCode.trim(),
          turnover: taxAmount(core.turnover, lang),
          capex: taxAmount(core.capex, lang),
          opex: taxAmount(core.opex, lang),
          tags: core.tags,
          activityCriteria: selected.map((criterion) => ({ criterion })),
        },
      }),
    invalidate: TAX_QUERY_KEYS,
    success: (a) => t('wizard.created', { name: a.name }),
    // Saved after step 2, the assessment goes on: the first criterion's step of the new activity.
    onSuccess: (a) => {
      resetNewDraft();
      const first = selected[0];
      void navigate({
        href: stepPath(a.id, first ? { kind: 'crit', critId: first } : { kind: 'minSafe' }),
      });
    },
  });
}

/** Step 2 of a new activity: the selection, saved with the core data as the new activity. */
export function NewCriteriaStep() {
  const { t } = useTranslation('taxonomy');
  const navigate = useNavigate();
  const criteria = useCriteria();
  const euActivities = useEuActivities();
  const [selected, setSelected] = useState<TaxObjective[]>(newDraft.criteria);
  const [tried, setTried] = useState(false);
  const core = newDraft.core;
  const eligible = euActivities.find((a) => a.id === core.euActivity)?.objectives ?? [];
  const problem = selectionProblem(core.euActivity, selected);
  const coreMissing = !core.name.trim() || !core.yearId || !core.naceCode.trim();
  const create = useCreateActivity(selected);
  const choose = (v: TaxObjective[]) => {
    setSelected(v);
    newDraft.criteria = v;
  };
  return (
    <SectionCard title={t('wizard.steps.criteria')} description={t('wizard.criteriaHint')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {problem === 'euActivityFirst' || coreMissing ? (
          <Alert
            severity="warning"
            action={
              <Button
                color="inherit"
                onClick={() => void navigate({ href: stepPath('new', { kind: 'core' }) })}
              >
                {t('wizard.toCore')}
              </Button>
            }
          >
            {problem === 'euActivityFirst' ? t('wizard.euActivityFirst') : t('wizard.coreMissing')}
          </Alert>
        ) : null}
        <CriteriaChoice
          criteria={criteria}
          eligible={eligible}
          selected={selected}
          onChange={choose}
          disabled={!core.euActivity}
          noneChosen={tried && problem === 'atLeastOneCriterion'}
        />
        <StepError error={create.error} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <BackButton href={stepPath('new', { kind: 'core' })} />
          <Button
            variant="contained"
            disabled={create.busy || coreMissing || problem === 'euActivityFirst'}
            onClick={() => {
              setTried(true);
              if (!problem) void create.run(undefined);
            }}
            data-testid="tax-activity-create"
          >
            {t('wizard.create')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}

/**
 * A saved activity's selection: locked once left (seed 001 §4: changing it again is a deliberate
 * step); removing an objective asks first, as its answers go with it.
 */
function useSelection(activity: TaxActivity, canEdit: boolean) {
  const { t } = useTranslation('taxonomy');
  const navigate = useNavigate();
  const saved = activity.activityCriteria.map((c) => c.criterion);
  const [selected, setSelected] = useState<TaxObjective[]>(saved);
  const [locked, setLocked] = useState(saved.length > 0);
  const [asking, setAsking] = useState<string[] | null>(null);
  const [tried, setTried] = useState(false);
  const problem = selectionProblem(activity.euActivity.id, selected);
  const changed = selected.length !== saved.length || selected.some((c) => !saved.includes(c));
  const write = useActivityWrite(
    () =>
      call('updateTaxActivity', {
        params: { id: activity.id },
        body: { activityCriteria: selected.map((criterion) => ({ criterion })) },
      }),
    t('wizard.selectionSaved'),
  );
  const firstStepAfter = (list: readonly TaxObjective[]) =>
    list.length
      ? stepPath(activity.id, { kind: 'crit', critId: list[0] })
      : stepPath(activity.id, { kind: 'minSafe' });
  const apply = async () => {
    const ok = (await write.run(undefined)) !== undefined;
    if (ok) {
      setLocked(true);
      await navigate({ href: firstStepAfter(selected) });
    }
    return ok;
  };
  const next = async () => {
    setTried(true);
    if (problem) return;
    if (!changed || !canEdit) {
      setLocked(saved.length > 0);
      await navigate({ href: firstStepAfter(saved) });
      return;
    }
    const removed = removedCriteria(saved, selected);
    if (removed.length > 0) setAsking(removed);
    else await apply();
  };
  return { selected, setSelected, locked, setLocked, asking, setAsking, tried, problem, write, apply, next };
}

/** Step 2 of a saved activity. */
export function CriteriaStep({ activity, canEdit }: { activity: TaxActivity; canEdit: boolean }) {
  const { t } = useTranslation('taxonomy');
  const criteria = useCriteria();
  const euActivities = useEuActivities();
  const s = useSelection(activity, canEdit);
  const eligible = euActivities.find((a) => a.id === activity.euActivity.id)?.objectives ?? [];
  const name = (id: string) => criteria.find((c) => c.id === id)?.abbreviation ?? id;
  const unlock = (
    <Button
      size="small"
      startIcon={<LockOutlined />}
      onClick={() => s.setLocked(false)}
      data-testid="tax-criteria-unlock"
    >
      {t('wizard.changeSelection')}
    </Button>
  );
  return (
    <SectionCard
      title={t('wizard.steps.criteria')}
      description={t('wizard.criteriaHint')}
      actions={canEdit && s.locked ? unlock : undefined}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <CriteriaChoice
          criteria={criteria}
          eligible={eligible}
          selected={s.selected}
          onChange={s.setSelected}
          disabled={!canEdit || s.locked}
          noneChosen={s.tried && s.problem === 'atLeastOneCriterion'}
        />
        <StepError error={s.write.error} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <BackButton href={stepPath(activity.id, { kind: 'core' })} />
          <Button
            variant="contained"
            endIcon={<ArrowForward />}
            disabled={s.write.busy}
            onClick={() => void s.next()}
            data-testid="tax-step-next"
          >
            {t('common:actions.next')}
          </Button>
        </Box>
      </Box>
      {s.asking && (
        <ConfirmDialog
          title={t('wizard.deselectTitle')}
          text={t('wizard.deselectText', { criteria: s.asking.map(name).join(', ') })}
          confirmLabel={t('wizard.deselectConfirm')}
          onClose={() => s.setAsking(null)}
          onConfirm={async () => {
            s.setAsking(null);
            await s.apply();
          }}
        />
      )}
    </SectionCard>
  );
}
