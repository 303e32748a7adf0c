import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { TaxActivity, TaxObjective } from '@klimadesk/contract/taxonomy/schemas';
import { call, queryOptions, type Answer } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { filterEuActivities, useEuActivities, useEuActivityName } from './euActivities.ts';
import { FieldGroup } from '../../components/FormDialog.tsx';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { TagFilter } from './TaxFilters.tsx';
import { TaxTariffState } from './TaxTariffState.tsx';
import {
  amountText,
  helpKeyOf,
  removedCriteria,
  sameStep,
  selectionProblem,
  stepPath,
  taxAmount,
  wizardSteps,
  type WizardStep,
} from './taxonomyModel.ts';
import { TAX_QUERY_KEYS, useCanEditTax, useFinancialYears } from './taxQueries.ts';
import {
  AmountFields,
  BackButton,
  StepError,
  StepFooter,
  useActivityWrite,
  useCriteria,
  type Amounts,
} from './ActivityWizardParts.tsx';
import { CriterionStep, DnshStep, MinSafeguardsStep } from './ActivityCheckSteps.tsx';

type Criterion = Answer<'taxCriterias'>['hydra:member'][number];
type CoreDraft = Amounts & {
  name: string;
  yearId: string;
  euActivity: string | null;
  naceCode: string;
  tags: string[];
};

const EMPTY_CORE: CoreDraft = {
  name: '',
  yearId: '',
  euActivity: null,
  naceCode: '',
  turnover: '',
  capex: '',
  opex: '',
  tags: [],
};
/** A new activity's entries while the user moves between core data and selection (it is saved from there). */
let newDraft: { core: CoreDraft; criteria: TaxObjective[] } = { core: EMPTY_CORE, criteria: [] };

function useHelpText(key: string | null) {
  const texts = useQuery({ ...queryOptions('taxHelpTexts'), staleTime: 60_000 }).data?.['hydra:member'] ?? [];
  return key ? (texts.find((h) => h.internalName === key)?.text ?? null) : null;
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

  // A step keeps what the user typed while the activity refetches after a save; another step mounts afresh.
  let body: ReactNode;
  if (!activity)
    body = step.kind === 'criteria' ? <NewCriteriaStep /> : <CoreStep activity={null} canEdit={canEdit} />;
  else if (step.kind === 'core') body = <CoreStep activity={activity} canEdit={canEdit} />;
  else if (step.kind === 'criteria') body = <CriteriaStep activity={activity} canEdit={canEdit} />;
  else if (step.kind === 'crit')
    body = (
      <CriterionStep
        key={step.critId}
        activity={activity}
        critId={step.critId}
        canEdit={canEdit}
        steps={steps}
      />
    );
  else if (step.kind === 'dnsh')
    body = (
      <DnshStep
        key={`${step.critId}/${step.dnshId}`}
        activity={activity}
        critId={step.critId}
        dnshId={step.dnshId}
        canEdit={canEdit}
        steps={steps}
      />
    );
  else body = <MinSafeguardsStep activity={activity} canEdit={canEdit} />;

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
          {body}
        </Box>
      </Box>
    </>
  );
}

function StepNav({
  steps,
  current,
  label,
  activityId,
}: {
  steps: readonly WizardStep[];
  current: WizardStep;
  label: (s: WizardStep) => string;
  activityId: string;
}) {
  const { t } = useTranslation('taxonomy');
  const navigate = useNavigate();
  const index = steps.findIndex((s) => sameStep(s, current));
  return (
    <Box component="nav" aria-label={t('wizard.stepsLabel')} sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, display: { md: 'none' } }}>
        {t('wizard.stepOf', { n: index + 1, of: steps.length })}
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          flexDirection: { xs: 'row', md: 'column' },
          gap: 0.5,
          overflowX: { xs: 'auto', md: 'visible' },
          pb: { xs: 1, md: 0 },
        }}
      >
        {steps.map((s, i) => {
          const active = sameStep(s, current);
          // A new activity is saved from the selection; the later steps open once it exists.
          const disabled = activityId === 'new' && i > 1;
          return (
            <Box component="li" key={stepPath(activityId, s)} sx={{ flex: '0 0 auto' }}>
              <Button
                fullWidth
                size="small"
                disabled={disabled}
                aria-current={active ? 'step' : undefined}
                // On a phone the steps scroll sideways: the current one is brought into view.
                ref={
                  active
                    ? (el: HTMLButtonElement | null) =>
                        el?.scrollIntoView({ block: 'nearest', inline: 'center' })
                    : undefined
                }
                onClick={() => void navigate({ href: stepPath(activityId, s) })}
                data-testid={`tax-step-${s.kind}${'critId' in s ? `-${s.critId}` : ''}${'dnshId' in s ? `-${s.dnshId}` : ''}`}
                sx={{
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  whiteSpace: 'nowrap',
                  pl: s.kind === 'dnsh' ? { xs: 1, md: 3 } : 1,
                  fontWeight: active ? 700 : 500,
                  color: active ? 'primary.main' : 'text.primary',
                  bgcolor: active ? 'action.selected' : 'transparent',
                  borderRadius: 2,
                }}
              >
                <Box component="span" sx={{ color: 'text.secondary', mr: 1, minWidth: 18 }}>
                  {i + 1}
                </Box>
                {label(s)}
              </Button>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function CoreStep({ activity, canEdit }: { activity: TaxActivity | null; canEdit: boolean }) {
  const { t } = useTranslation(['taxonomy', 'common']);
  const lang = currentLanguage();
  const years = useFinancialYears().data?.['hydra:member'] ?? [];
  const euActivities = useEuActivities();
  const financeHelp = useHelpText('finance');
  const [core, setCore] = useState<CoreDraft>(() =>
    activity
      ? {
          name: activity.name,
          yearId: activity.year.id,
          euActivity: activity.euActivity.id,
          naceCode: activity.naceCode,
          turnover: amountText(activity.turnover, lang),
          capex: amountText(activity.capex, lang),
          opex: amountText(activity.opex, lang),
          tags: activity.tags.map((x) => x.id),
        }
      : newDraft.core,
  );
  const [touched, setTouched] = useState(false);
  const set = (change: Partial<CoreDraft>) => {
    const next = { ...core, ...change };
    setCore(next);
    if (!activity) newDraft = { ...newDraft, core: next };
  };
  const chosen = euActivities.find((a) => a.id === core.euActivity) ?? null;
  const required = t('common:validation.required');
  const errors = {
    name: core.name.trim() ? null : required,
    yearId: core.yearId ? null : required,
    euActivity: core.euActivity ? null : required,
    naceCode: core.naceCode.trim() ? null : required,
  };
  const valid = Object.values(errors).every((e) => e === null);
  const save = useActivityWrite(
    () =>
      call('updateTaxActivity', {
        params: { id: activity?.id ?? '' },
        body: {
          name: core.name.trim(),
          naceCode: core.naceCode.trim(),
          turnover: taxAmount(core.turnover, lang),
          capex: taxAmount(core.capex, lang),
          opex: taxAmount(core.opex, lang),
          tags: core.tags,
        },
      }),
    t('wizard.saved'),
  );
  const onSave = async () => {
    setTouched(true);
    if (!valid) return false;
    if (!activity) return true;
    return (await save.run(undefined)) !== undefined;
  };
  // Years the user may write and that are not frozen for review: a new activity needs one (seed 001 §5).
  const writableYears = years.filter((y) => (y.canWrite && !y.inReview) || y.id === core.yearId);
  const show = (k: keyof typeof errors) => (touched ? errors[k] : null);
  const disabled = !canEdit;

  return (
    <SectionCard title={t('wizard.steps.core')} description={t('wizard.coreHint')}>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <FieldGroup title={t('wizard.activity')}>
          <TextField
            label={t('columns.name')}
            required
            value={core.name}
            disabled={disabled}
            onChange={(e) => set({ name: e.target.value })}
            error={!!show('name')}
            helperText={show('name') ?? ' '}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'tax-core-name' } }}
          />
          <TextField
            select
            required
            label={t('wizard.financialYear')}
            value={core.yearId}
            // Seed 001 §4: year and EU activity are fixed once the activity is saved.
            disabled={disabled || !!activity}
            onChange={(e) => set({ yearId: e.target.value })}
            error={!!show('yearId')}
            helperText={show('yearId') ?? (writableYears.length === 0 ? t('wizard.noWritableYear') : ' ')}
            slotProps={{ htmlInput: { 'data-testid': 'tax-core-year' } }}
          >
            {writableYears.map((y) => (
              <MenuItem key={y.id} value={y.id}>
                {y.taxYear}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            options={euActivities}
            value={chosen}
            disabled={disabled || !!activity}
            onChange={(_e, v) =>
              set({
                euActivity: v?.id ?? null,
                naceCode: v?.naceCodes.length === 1 ? v.naceCodes[0] : core.naceCode,
              })
            }
            getOptionLabel={(a) => (a.ref ? `${a.ref} ${a.name}` : a.name)}
            filterOptions={(options, state) => filterEuActivities(options, state.inputValue)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            sx={{ gridColumn: { sm: '1 / -1' } }}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label={t('columns.euActivity')}
                error={!!show('euActivity')}
                helperText={
                  show('euActivity') ?? (activity ? t('wizard.euActivityFixed') : t('wizard.euActivityFirst'))
                }
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'tax-core-eu-activity' },
                }}
              />
            )}
          />
          <Autocomplete
            freeSolo
            options={chosen?.naceCodes ?? []}
            value={core.naceCode}
            disabled={disabled}
            onInputChange={(_e, v) => set({ naceCode: v })}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label={t('columns.naceCode')}
                error={!!show('naceCode')}
                helperText={show('naceCode') ?? ' '}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, maxLength: 20, 'data-testid': 'tax-core-nace' },
                }}
              />
            )}
          />
          <TagFilter value={core.tags} onChange={(tags) => set({ tags })} />
        </FieldGroup>
        <FieldGroup title={t('wizard.finance')} hint={financeHelp ?? t('wizard.financeHint')}>
          <AmountFields value={core} onChange={(v) => set(v)} disabled={disabled} idPrefix="tax-core" />
        </FieldGroup>
        <StepFooter
          prev={null}
          next={stepPath(activity?.id ?? 'new', { kind: 'criteria' })}
          onSave={canEdit ? onSave : undefined}
          busy={save.busy}
          error={save.error}
        />
      </Box>
    </SectionCard>
  );
}

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

function NewCriteriaStep() {
  const { t } = useTranslation('taxonomy');
  const lang = currentLanguage();
  const navigate = useNavigate();
  const criteria = useCriteria();
  const euActivities = useEuActivities();
  const [selected, setSelected] = useState<TaxObjective[]>(newDraft.criteria);
  const [tried, setTried] = useState(false);
  const core = newDraft.core;
  const eligible = euActivities.find((a) => a.id === core.euActivity)?.objectives ?? [];
  const problem = selectionProblem(core.euActivity, selected);
  const coreMissing = !core.name.trim() || !core.yearId || !core.naceCode.trim();
  const create = useApiMutation({
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
      newDraft = { core: EMPTY_CORE, criteria: [] };
      const first = selected[0];
      void navigate({
        href: stepPath(a.id, first ? { kind: 'crit', critId: first } : { kind: 'minSafe' }),
      });
    },
  });
  const choose = (v: TaxObjective[]) => {
    setSelected(v);
    newDraft = { ...newDraft, criteria: v };
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

function CriteriaStep({ activity, canEdit }: { activity: TaxActivity; canEdit: boolean }) {
  const { t } = useTranslation('taxonomy');
  const navigate = useNavigate();
  const criteria = useCriteria();
  const euActivities = useEuActivities();
  const saved = activity.activityCriteria.map((c) => c.criterion);
  const [selected, setSelected] = useState<TaxObjective[]>(saved);
  // Seed 001 §4: the selection locks on leaving the page; changing it again is a deliberate step.
  const [locked, setLocked] = useState(saved.length > 0);
  const [asking, setAsking] = useState<string[] | null>(null);
  const [tried, setTried] = useState(false);
  const eligible = euActivities.find((a) => a.id === activity.euActivity.id)?.objectives ?? [];
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
  const name = (id: string) => criteria.find((c) => c.id === id)?.abbreviation ?? id;
  return (
    <SectionCard
      title={t('wizard.steps.criteria')}
      description={t('wizard.criteriaHint')}
      actions={
        canEdit && locked ? (
          <Button
            size="small"
            startIcon={<LockOutlined />}
            onClick={() => setLocked(false)}
            data-testid="tax-criteria-unlock"
          >
            {t('wizard.changeSelection')}
          </Button>
        ) : undefined
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <CriteriaChoice
          criteria={criteria}
          eligible={eligible}
          selected={selected}
          onChange={setSelected}
          disabled={!canEdit || locked}
          noneChosen={tried && problem === 'atLeastOneCriterion'}
        />
        <StepError error={write.error} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <BackButton href={stepPath(activity.id, { kind: 'core' })} />
          <Button
            variant="contained"
            endIcon={<ArrowForward />}
            disabled={write.busy}
            onClick={() => void next()}
            data-testid="tax-step-next"
          >
            {t('common:actions.next')}
          </Button>
        </Box>
      </Box>
      {asking && (
        <ConfirmDialog
          title={t('wizard.deselectTitle')}
          text={t('wizard.deselectText', { criteria: asking.map(name).join(', ') })}
          confirmLabel={t('wizard.deselectConfirm')}
          onClose={() => setAsking(null)}
          onConfirm={async () => {
            setAsking(null);
            await apply();
          }}
        />
      )}
    </SectionCard>
  );
}
