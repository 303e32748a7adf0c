import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CSRD_UNITS, type CsrdScopeCode } from '@klimadesk/contract/csrd/reference';
import type {
  CsrdReport,
  DisclosureRequirement,
  IndicatorValue,
  ScopeEntry,
} from '@klimadesk/contract/csrd/schemas';
import { processDisclosuresOutside, shownRequirements } from '@klimadesk/contract/csrd/applicability';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { errorText } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { useResetState } from '../../components/useResetState.ts';
import { E1_6, cfcTakeOverDraft } from './cfcTakeOver.ts';
import { changedKeys } from './csrdModel.ts';
import { REPORT_KEYS, useCsrdScopes } from './csrdQueries.ts';
import {
  entryDraftOf,
  isNumberValid,
  planReportSave,
  valueDraftOf,
  type EntryDraft,
  type SavePlan,
  type ValueDraft,
} from './reportDrafts.ts';

/**
 * A topic of a report with what it holds: the scope entry, the values by requirement, the
 * requirements the topic owes after the materiality assessment (ESRS 1 §29-§30) and then any other
 * one that holds a value (voluntary), and on ESRS 2 the process disclosures owed by other topics.
 */
export function useTopicRequirements(id: string, scope: CsrdScopeCode, report: CsrdReport | undefined) {
  const scopes = useCsrdScopes();
  const entries = useQuery({
    ...queryOptions('csrdScopeEntries', { query: { report: id, scope } }),
    select: (d) => d['hydra:member'],
  });
  // The phase-ins of the report's year and size (ESRS 1 Appendix C) mark their requirements.
  const reliefs = useQuery(queryOptions('csrdReportReliefs', { params: { id } }));
  const entry: ScopeEntry | null = entries.data?.[0] ?? null;
  const values = useMemo(
    () =>
      Object.fromEntries((entry?.indicatorValues ?? []).map((v) => [v.indicator, v])) as Record<
        string,
        IndicatorValue
      >,
    [entry],
  );
  const topic = report?.categories.find((c) => c.id === scope);
  const shown = useMemo(
    () =>
      shownRequirements(
        topic,
        scopes.data?.find((s) => s.id === scope)?.disclosureRequirements ?? [],
        new Set(Object.keys(values)),
      ),
    [topic, scopes.data, scope, values],
  );
  const requirements: DisclosureRequirement[] = useMemo(() => shown.map((x) => x.requirement), [shown]);
  const voluntary = new Set(shown.filter((x) => !x.owed).map((x) => x.requirement.code));
  const processDisclosures =
    scope === 'ESRS 2' && report && scopes.data
      ? processDisclosuresOutside(
          report.categories,
          scopes.data.flatMap((x) => x.disclosureRequirements),
        )
      : [];
  return {
    scopes: scopes.data,
    loaded: entries.isSuccess && scopes.isSuccess,
    entry,
    values,
    topic,
    requirements,
    voluntary,
    processDisclosures,
    phaseIns: reliefs.data?.phaseIns,
  };
}

const defaultUnit = (dr: DisclosureRequirement) =>
  dr.unitType ? (CSRD_UNITS.find((u) => u.unitType === dr.unitType)?.id ?? null) : null;

/**
 * The topic's pending changes (seed 001 §4): the values and the scope entry as edited, kept until
 * saved or discarded; a fresh load (another topic, or the answer after a save) starts them over.
 */
export function useTopicDrafts({
  id,
  scope,
  entry,
  values,
  requirements,
}: {
  id: string;
  scope: CsrdScopeCode;
  entry: ScopeEntry | null;
  values: Record<string, IndicatorValue>;
  requirements: DisclosureRequirement[];
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  const qc = useQueryClient();
  const saved = useMemo(
    () =>
      Object.fromEntries(
        requirements.map((dr) => [dr.code, valueDraftOf(values[dr.code], defaultUnit(dr), lang)]),
      ),
    [requirements, values, lang],
  ) as Record<string, ValueDraft>;
  const [drafts, setDrafts] = useResetState<Record<string, ValueDraft>>(() => saved, [saved]);
  const [entryDraft, setEntryDraft] = useResetState<EntryDraft>(() => entryDraftOf(entry), [entry]);
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const changed =
    changedKeys({ saved, current: drafts }).length +
    changedKeys({ saved: { e: entryDraftOf(entry) }, current: { e: entryDraft } }).length;
  const invalid = requirements.filter((dr) => drafts[dr.code] && !isNumberValid(drafts[dr.code], lang));

  const save = async () => {
    setBusy(true);
    setSaveError(null);
    const plan = planReportSave({ entry, entryDraft, values, saved, drafts, lang });
    try {
      await saveTopic(id, scope, entry, plan);
      notify(t('scopeEntry.saved', { count: (plan.entry ? 1 : 0) + plan.values.length }), 'success', {
        log: true,
      });
    } catch (err) {
      setSaveError(errorText(err));
    } finally {
      for (const queryKey of REPORT_KEYS) await qc.invalidateQueries({ queryKey });
      setBusy(false);
    }
  };
  const setValue = (code: string, patch: Partial<ValueDraft>) =>
    setDrafts((d) => ({ ...d, [code]: { ...d[code], ...patch } }));
  const discard = () => {
    setDrafts(saved);
    setEntryDraft(entryDraftOf(entry));
  };
  return { drafts, setValue, entryDraft, setEntryDraft, busy, saveError, changed, invalid, save, discard };
}

/** The calls of a save plan: the scope entry first (its id holds the new values), then every value. */
async function saveTopic(id: string, scope: CsrdScopeCode, entry: ScopeEntry | null, plan: SavePlan) {
  let entryId = entry?.id;
  if (plan.entry?.kind === 'create') {
    entryId = (await call('createCsrdScopeEntry', { body: { report: id, scope, ...plan.entry.body } })).id;
  } else if (plan.entry?.kind === 'update' && entry) {
    await call('updateCsrdScopeEntry', { params: { id: entry.id }, body: plan.entry.body });
  }
  // The topic's status of the report follows the entry's (the navigation shows it).
  if (plan.entry?.body.status)
    await call('updateCsrdReportScopes', {
      params: { id },
      body: { statuses: [{ id: scope, status: plan.entry.body.status }] },
    });
  // Every value is awaited; one failure gives one message (seed 001 §4).
  const results = await Promise.allSettled(
    plan.values.map((v) =>
      v.kind === 'create'
        ? call('createCsrdIndicatorValue', {
            body: { scopeEntry: entryId!, indicator: v.indicator, ...v.body },
          })
        : call('updateCsrdIndicatorValue', { params: { id: v.id }, body: v.body }),
    ),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * E1-6 taken over from the carbon footprint of the report's year (issue 21): fills the value as
 * unsaved changes, which the user checks and saves.
 */
export function useCfcTakeOver(
  id: string,
  scope: CsrdScopeCode,
  draft: ValueDraft | undefined,
  setValue: (code: string, patch: Partial<ValueDraft>) => void,
) {
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  const cfc = useQuery({
    ...queryOptions('csrdReportCfcFigures', { params: { id } }),
    enabled: scope === 'E1',
  });
  const figures = cfc.data?.figures ?? null;
  const takeOver = () => {
    if (!figures || !draft) return;
    const labels = {
      scope: t('cfcTakeOver.scope'),
      value: t('cfcTakeOver.value'),
      scope1: t('cfcTakeOver.scope1'),
      scope2Location: t('cfcTakeOver.scope2Location'),
      scope2Market: t('cfcTakeOver.scope2Market'),
      scope3: t('cfcTakeOver.scope3'),
      total: t('cfcTakeOver.total'),
      note: t('cfcTakeOver.note', { year: cfc.data?.year, count: figures.reportCount }),
    };
    setValue(E1_6, cfcTakeOverDraft(figures, draft, labels, lang));
    notify(t('cfcTakeOver.done'), 'info');
  };
  // The year the footprint has no figures for, once that is known.
  const noFiguresYear = cfc.isSuccess && !figures ? cfc.data.year : null;
  return { hasFigures: figures !== null, noFiguresYear, takeOver };
}
