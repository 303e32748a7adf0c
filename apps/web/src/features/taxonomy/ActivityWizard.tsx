import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { TaxActivity, TaxCriterionInput, TaxObjective } from '@klimadesk/contract/taxonomy/schemas';
import { call, queryOptions, type Answer } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FieldGroup } from '../../components/FormDialog.tsx';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation, type ApiMutation } from '../../components/useApiMutation.ts';
import { TagFilter } from './TaxFilters.tsx';
import { TaxFilesSection } from './TaxFiles.tsx';
import { SafeguardFlags } from './SafeguardFlags.tsx';
import { TaxTariffState } from './TaxTariffState.tsx';
import {
  MIN_SAFEGUARD_FLAGS,
  amountText,
  collapseFlags,
  criteriaWith,
  helpKeyOf,
  neighbourStep,
  removedCriteria,
  sameStep,
  selectionProblem,
  stepPath,
  taxAmount,
  wizardSteps,
  type WizardStep,
} from './taxonomyModel.ts';
import { TAX_QUERY_KEYS, useCanEditTax, useFinancialYears } from './taxQueries.ts';

type Criterion = Answer<'taxCriterias'>['hydra:member'][number];
type Amounts = { turnover: string; capex: string; opex: string };
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

const yesNo = (v: boolean | null) => (v === null ? '' : v ? 'yes' : 'no');
const fromYesNo = (v: string) => (v === 'yes' ? true : v === 'no' ? false : null);

function useCriteria() {
  return useQuery({ ...queryOptions('taxCriterias'), staleTime: Infinity }).data?.['hydra:member'] ?? [];
}
function useEuActivities() {
  return useQuery({ ...queryOptions('taxEuActivities'), staleTime: Infinity }).data?.['hydra:member'] ?? [];
}
function useHelpText(key: string | null) {
  const texts = useQuery({ ...queryOptions('taxHelpTexts'), staleTime: 60_000 }).data?.['hydra:member'] ?? [];
  return key ? (texts.find((h) => h.internalName === key)?.text ?? null) : null;
}

/** The wizard of one activity: header, step navigation, the step's form and the way on. */
export function ActivityWizard({ activity, step }: { activity: TaxActivity | null; step: WizardStep }) {
  const { t } = useTranslation('taxonomy');
  const criteria = useCriteria();
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
            ? `${activity.euActivity.name} · ${t('columns.yearOf', { year: activity.year.taxYear })}`
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

/** Back, save and next below a step; next saves first when the step can be written. */
function StepFooter({
  prev,
  next,
  onSave,
  busy,
  error,
  nextLabel,
}: {
  prev: string | null;
  next: string | null;
  onSave?: () => Promise<boolean>;
  busy?: boolean;
  error?: string | null;
  nextLabel?: string;
}) {
  const { t } = useTranslation(['taxonomy', 'common']);
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <StepError error={error} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Button
          startIcon={<ArrowBack />}
          disabled={!prev || busy}
          onClick={() => prev && void navigate({ href: prev })}
        >
          {t('common:actions.back')}
        </Button>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {onSave && (
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => void onSave()}
              data-testid="tax-step-save"
            >
              {t('common:actions.save')}
            </Button>
          )}
          {next && (
            <Button
              variant="contained"
              endIcon={<ArrowForward />}
              disabled={busy}
              data-testid="tax-step-next"
              onClick={async () => {
                if (onSave && !(await onSave())) return;
                await navigate({ href: next });
              }}
            >
              {nextLabel ?? t('common:actions.next')}
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/** One write of the wizard with its refusal shown below the step; resolves whether it went through. */
function useActivityWrite<V>(mutate: (v: V) => Promise<unknown>, success: string) {
  return useApiMutation({ mutate, invalidate: TAX_QUERY_KEYS, success: () => success });
}

/** Saves a check step's answers on its criterion; the other criteria stay as they are. */
function useCriterionWrite(
  activity: TaxActivity,
  critId: string,
  change: Omit<TaxCriterionInput, 'criterion'>,
) {
  const { t } = useTranslation('taxonomy');
  return useActivityWrite(
    () =>
      call('updateTaxActivity', {
        params: { id: activity.id },
        body: { activityCriteria: criteriaWith(activity.activityCriteria, critId as TaxObjective, change) },
      }),
    t('wizard.saved'),
  );
}

function AmountFields({
  value,
  onChange,
  disabled,
  idPrefix,
}: {
  value: Amounts;
  onChange: (v: Amounts) => void;
  disabled: boolean;
  idPrefix: string;
}) {
  const { t } = useTranslation('taxonomy');
  return (
    <>
      {(['turnover', 'capex', 'opex'] as const).map((k) => (
        <TextField
          key={k}
          label={`${t(`figures.${k}`)} (EUR)`}
          value={value[k]}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, [k]: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `${idPrefix}-${k}` } }}
        />
      ))}
    </>
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
    // Seed 001 §4: saving a new activity goes to the overview.
    onSuccess: () => {
      newDraft = { core: EMPTY_CORE, criteria: [] };
      void navigate({ href: '/taxonofy/overview' });
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

function YesNoField({
  label,
  value,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  value: boolean | null;
  onChange: (v: boolean | null) => void;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation('taxonomy');
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        value={yesNo(value)}
        onChange={(e) => onChange(fromYesNo(e.target.value))}
        data-testid={testId}
      >
        <FormControlLabel value="yes" disabled={disabled} control={<Radio />} label={t('flags.yes')} />
        <FormControlLabel value="no" disabled={disabled} control={<Radio />} label={t('flags.no')} />
        <FormControlLabel value="" disabled={disabled} control={<Radio />} label={t('flags.notAssessed')} />
      </RadioGroup>
    </Box>
  );
}

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

function CriterionStep({ activity, critId, canEdit, steps }: CheckStepProps) {
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
  const text = texts.data?.['hydra:member'].find((x) => x.criteria === critId && x.dnsh === null)?.text;
  return (
    <CheckStepFrame
      title={t('wizard.critTitle', { criterion: info ? `${info.abbreviation} · ${info.name}` : critId })}
      description={info?.title}
      weight={ac.weight}
      text={text}
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

function DnshStep({ activity, critId, dnshId, canEdit, steps }: CheckStepProps & { dnshId: string }) {
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
  const text = texts.data?.['hydra:member'].find((x) => x.dnsh === dnshId)?.text;
  return (
    <CheckStepFrame
      title={t('wizard.dnshTitle', { dnsh: name(dnshId) })}
      description={t('wizard.dnshOf', { criterion: name(critId) })}
      weight={check.weight}
      text={text}
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

function MinSafeguardsStep({ activity, canEdit }: { activity: TaxActivity; canEdit: boolean }) {
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
  const stepsBefore = activity.activityCriteria.at(-1);
  const lastDnsh = stepsBefore?.dnshActivityCriteria.at(-1);
  const prev = stepsBefore
    ? lastDnsh
      ? stepPath(activity.id, { kind: 'dnsh', critId: stepsBefore.criterion, dnshId: lastDnsh.dnsh })
      : stepPath(activity.id, { kind: 'crit', critId: stepsBefore.criterion })
    : stepPath(activity.id, { kind: 'criteria' });
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
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                disabled={save.busy}
                onClick={() => void save.run(undefined)}
                data-testid="tax-step-save"
              >
                {t('common:actions.save')}
              </Button>
              {finished ? (
                <Button
                  variant="outlined"
                  disabled={save.busy}
                  onClick={() => void save.run('open')}
                  data-testid="tax-activity-reopen"
                >
                  {t('wizard.reopen')}
                </Button>
              ) : (
                <Button
                  variant="contained"
                  startIcon={<CheckCircleOutlined />}
                  disabled={save.busy}
                  onClick={() => void save.run('finished')}
                  data-testid="tax-activity-finish"
                >
                  {t('wizard.finish')}
                </Button>
              )}
            </Box>
          )}
        </Box>
      </Box>
    </SectionCard>
  );
}

/** The refusal of a step's last write. */
function StepError({ error }: { error: string | null | undefined }) {
  return error ? (
    <Alert severity="error" role="alert" data-testid="tax-step-error">
      {error}
    </Alert>
  ) : null;
}

function BackButton({ href }: { href: string }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Button startIcon={<ArrowBack />} onClick={() => void navigate({ href })}>
      {t('actions.back')}
    </Button>
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
