import { useMemo, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import Co2Outlined from '@mui/icons-material/Co2Outlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  CSRD_STATUSES,
  CSRD_UNITS,
  type CsrdCategory,
  type CsrdScopeCode,
  type CsrdStatus,
} from '@klimadesk/contract/csrd/reference';
import type { DisclosureRequirement, IndicatorValue, ScopeEntry } from '@klimadesk/contract/csrd/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import { errorText } from '../../components/errors.ts';
import { formatFigure } from '../../components/format.ts';
import { notify } from '../../components/notify.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { useResetState } from '../../components/useResetState.ts';
import { isPhasedIn } from '@klimadesk/contract/csrd/reliefs';
import { processDisclosuresOutside, shownRequirements } from '@klimadesk/contract/csrd/applicability';
import { E1_6, cfcTakeOverDraft } from './cfcTakeOver.ts';
import { E16Statement } from './E16Statement.tsx';
import { changedKeys } from './csrdModel.ts';
import { REPORT_KEYS, scopeName, useCsrdScopes } from './csrdQueries.ts';
import { downloadReportPdf } from './CsrdReportOverviewPage.tsx';
import { IndicatorFiles } from './IndicatorFiles.tsx';
import {
  entryDraftOf,
  inBaseUnit,
  isNumberValid,
  planReportSave,
  valueDraftOf,
  type EntryDraft,
  type ValueDraft,
} from './reportDrafts.ts';
import { ScopeNavigation, useTopicParams } from './ScopeNavigation.tsx';
import { AssigneeSelect, ScopeTasks } from './ScopeTasks.tsx';
import { TableEditor } from './TableEditor.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';

/**
 * One topic of a report (seed 001 §2 /csrd-report/{id}/{category}/{scope}): the scope entry
 * (deadline, responsible user, status, note), a value per disclosure requirement (number with
 * unit, text, table, files) and the topic's tasks. Changes are kept until saved; leaving with
 * unsaved changes asks first (seed 001 §4).
 */
export function CsrdReportScopePage() {
  const { id, category, scope } = useTopicParams();
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const scopes = useCsrdScopes();
  const report = useQuery(queryOptions('getCsrdReport', { params: { id } }));
  const navigation = useQuery(queryOptions('csrdReportNavigation', { params: { id }, query: { category } }));
  const entries = useQuery({
    ...queryOptions('csrdScopeEntries', { query: { report: id, scope } }),
    select: (d) => d['hydra:member'],
  });
  // E1-6 can be taken over from the carbon footprint of the report's year (issue 21).
  const cfc = useQuery({
    ...queryOptions('csrdReportCfcFigures', { params: { id } }),
    enabled: scope === 'E1',
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
  // The requirements the topic owes after the materiality assessment (ESRS 1 §29-§30), then any
  // other one that holds a value (voluntary).
  const topic = report.data?.categories.find((c) => c.id === scope);
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
    scope === 'ESRS 2' && report.data && scopes.data
      ? processDisclosuresOutside(
          report.data.categories,
          scopes.data.flatMap((x) => x.disclosureRequirements),
        )
      : [];
  const defaultUnit = (dr: DisclosureRequirement) =>
    dr.unitType ? (CSRD_UNITS.find((u) => u.unitType === dr.unitType)?.id ?? null) : null;
  const saved = useMemo(
    () =>
      Object.fromEntries(
        requirements.map((dr) => [dr.code, valueDraftOf(values[dr.code], defaultUnit(dr), lang)]),
      ),
    [requirements, values, lang],
  ) as Record<string, ValueDraft>;
  // A fresh load (another topic, or the answer after a save) replaces the drafts: pending changes are cleared.
  const [drafts, setDrafts] = useResetState<Record<string, ValueDraft>>(() => saved, [saved]);
  const [entryDraft, setEntryDraft] = useResetState<EntryDraft>(() => entryDraftOf(entry), [entry]);
  const [busy, setBusy] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const changed =
    changedKeys({ saved, current: drafts }).length +
    changedKeys({ saved: { e: entryDraftOf(entry) }, current: { e: entryDraft } }).length;
  const loaded = entries.isSuccess && scopes.isSuccess;
  const dirty = loaded && changed > 0;
  const canWrite = can(me, 'updateCsrdIndicatorValue') && !report.data?.deletedAt;
  const invalid = requirements.filter((dr) => drafts[dr.code] && !isNumberValid(drafts[dr.code], lang));

  const save = async () => {
    setBusy(true);
    setSaveError(null);
    const plan = planReportSave({ entry, entryDraft, values, saved, drafts, lang });
    try {
      let entryId = entry?.id;
      if (plan.entry?.kind === 'create') {
        entryId = (await call('createCsrdScopeEntry', { body: { report: id, scope, ...plan.entry.body } }))
          .id;
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

  const go = (c: CsrdCategory, s: CsrdScopeCode) =>
    void navigate({ to: '/csrd-report/$id/$category/$scope', params: { id, category: c, scope: s } });
  const selected = report.data?.categories.map((c) => c.id);
  const mandatory = report.data?.categories.find((c) => c.id === scope)?.mandatory ?? false;
  const title = scopeName(scopes.data, scope, lang);
  const setValue = (code: string, patch: Partial<ValueDraft>) =>
    setDrafts((d) => ({ ...d, [code]: { ...d[code], ...patch } }));
  const cfcFigures = cfc.data?.figures ?? null;
  const showTakeOver = scope === 'E1' && canWrite && requirements.some((dr) => dr.code === E1_6);
  // Fills E1-6 as unsaved changes: the user checks them and saves.
  const takeOver = () => {
    if (!cfcFigures || !drafts[E1_6]) return;
    const labels = {
      scope: t('cfcTakeOver.scope'),
      value: t('cfcTakeOver.value'),
      scope1: t('cfcTakeOver.scope1'),
      scope2Location: t('cfcTakeOver.scope2Location'),
      scope2Market: t('cfcTakeOver.scope2Market'),
      scope3: t('cfcTakeOver.scope3'),
      total: t('cfcTakeOver.total'),
      note: t('cfcTakeOver.note', { year: cfc.data?.year, count: cfcFigures.reportCount }),
    };
    setValue(E1_6, cfcTakeOverDraft(cfcFigures, drafts[E1_6], labels, lang));
    notify(t('cfcTakeOver.done'), 'info');
  };

  return (
    <>
      <UnsavedChangesGuard dirty={dirty} />
      <PageHeader
        title={title}
        subtitle={report.data ? t('scopeEntry.subtitle', { year: report.data.year }) : undefined}
        actions={
          <>
            <Button
              onClick={() => void navigate({ to: '/csrd-report/$id/indicators', params: { id } })}
              variant="outlined"
              startIcon={<TableViewOutlined />}
            >
              {t('report.indicators')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<PictureAsPdfOutlined />}
              onClick={() => void downloadReportPdf(id)}
              data-testid="scope-pdf"
            >
              {t('report.pdf')}
            </Button>
          </>
        }
      />
      <ScopeNavigation
        navigation={navigation.data}
        current={scope}
        lang={lang}
        flaggedLabel={t('report.mandatory')}
        category={category}
        allowed={selected}
        onTopic={go}
      />
      {report.data && !selected?.includes(scope) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('scopeEntry.notSelected')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          pb: 10,
        }}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            alignContent: 'start',
            minWidth: 0,
            gridTemplateColumns: 'minmax(0, 1fr)',
          }}
        >
          <Typography variant="h3" component="h2">
            {t('scopeEntry.requirements', { count: requirements.length })}
          </Typography>
          {topic?.disclosureRequirements && (
            <Typography variant="body2" color="text.secondary" data-testid="owed-hint">
              {t('scopeEntry.owedHint')}
            </Typography>
          )}
          {processDisclosures.length > 0 && (
            <Alert severity="info" data-testid="process-disclosures">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('scopeEntry.processTitle')}
              </Typography>
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {t('scopeEntry.processText')}
              </Typography>
              {processDisclosures.map((dr) => (
                <Typography key={dr.code} variant="body2">
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {dr.code}
                  </Box>{' '}
                  {dr.title}
                </Typography>
              ))}
            </Alert>
          )}
          {showTakeOver && (
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                startIcon={<Co2Outlined />}
                onClick={takeOver}
                disabled={!cfcFigures || !loaded}
                data-testid="cfc-take-over"
              >
                {t('cfcTakeOver.button')}
              </Button>
              {cfc.isSuccess && !cfcFigures && (
                <Typography variant="body2" color="text.secondary">
                  {t('cfcTakeOver.none', { year: cfc.data.year })}
                </Typography>
              )}
            </Box>
          )}
          {requirements.map((dr) => {
            const d = drafts[dr.code];
            if (!d) return null;
            const stored = values[dr.code];
            const numberOk = isNumberValid(d, lang);
            const units = dr.unitType ? CSRD_UNITS.filter((u) => u.unitType === dr.unitType) : [];
            const hasValue = !!stored || d.numeric !== '' || d.text !== '' || d.table.length > 0;
            const base =
              stored?.numericValue != null && stored.unit
                ? inBaseUnit(stored.numericValue, stored.unit)
                : null;
            return (
              <Accordion
                key={dr.code}
                disableGutters
                defaultExpanded={hasValue || dr.unitType !== null}
                data-testid={`indicator-${dr.code}`}
              >
                <AccordionSummary expandIcon={<ExpandMore />}>
                  <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Chip
                      size="small"
                      label={dr.code}
                      color={stored ? 'primary' : 'default'}
                      variant={stored ? 'filled' : 'outlined'}
                    />
                    <Typography sx={{ fontWeight: 600 }}>{dr.title}</Typography>
                    {voluntary.has(dr.code) && (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={t('scopeEntry.voluntary')}
                        title={t('scopeEntry.voluntaryHint')}
                        data-testid={`voluntary-${dr.code}`}
                      />
                    )}
                    {reliefs.data && isPhasedIn(reliefs.data.phaseIns, scope, dr.code) && (
                      <Chip
                        size="small"
                        color="info"
                        variant="outlined"
                        label={t('reliefs.phasedIn')}
                        title={isPhasedIn(reliefs.data.phaseIns, scope, dr.code)!.note[lang]}
                        data-testid={`phase-in-${dr.code}`}
                      />
                    )}
                  </Box>
                </AccordionSummary>
                <AccordionDetails sx={{ display: 'grid', gap: 2 }}>
                  {dr.code === E1_6 && <E16Statement report={id} value={stored} canWrite={canWrite} />}
                  {dr.unitType && (
                    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                      <TextField
                        size="small"
                        label={t('indicator.value')}
                        value={d.numeric}
                        disabled={!canWrite}
                        onChange={(e) => setValue(dr.code, { numeric: e.target.value })}
                        error={!numberOk}
                        helperText={
                          !numberOk
                            ? t('indicator.numberInvalid')
                            : base
                              ? t('indicator.inBase', {
                                  value: formatFigure(base.value, lang, 3),
                                  unit: base.unit,
                                })
                              : undefined
                        }
                        slotProps={{
                          htmlInput: { inputMode: 'decimal', 'data-testid': `indicator-number-${dr.code}` },
                        }}
                        sx={{ width: 200 }}
                      />
                      <TextField
                        select
                        size="small"
                        label={t('indicator.unit')}
                        value={d.unit}
                        disabled={!canWrite}
                        onChange={(e) => setValue(dr.code, { unit: e.target.value })}
                        sx={{ width: 140 }}
                        slotProps={{ htmlInput: { 'data-testid': `indicator-unit-${dr.code}` } }}
                      >
                        {units.map((u) => (
                          <MenuItem key={u.id} value={u.id}>
                            {t(`units.${u.id}`, { defaultValue: u.id })}
                          </MenuItem>
                        ))}
                      </TextField>
                    </Box>
                  )}
                  <TextField
                    size="small"
                    label={t('indicator.text')}
                    value={d.text}
                    disabled={!canWrite}
                    onChange={(e) => setValue(dr.code, { text: e.target.value })}
                    multiline
                    minRows={2}
                    slotProps={{ htmlInput: { 'data-testid': `indicator-text-${dr.code}` } }}
                  />
                  <Box>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                      {t('indicator.table')}
                    </Typography>
                    <TableEditor
                      value={d.table}
                      disabled={!canWrite}
                      onChange={(table) => setValue(dr.code, { table })}
                      label={t('indicator.tableOf', { code: dr.code })}
                    />
                  </Box>
                  {stored ? (
                    <IndicatorFiles value={stored} canWrite={canWrite} />
                  ) : (
                    <Typography variant="caption" color="text.secondary">
                      {t('files.afterSave')}
                    </Typography>
                  )}
                </AccordionDetails>
              </Accordion>
            );
          })}
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            alignContent: 'start',
            minWidth: 0,
            gridTemplateColumns: 'minmax(0, 1fr)',
          }}
        >
          <SectionCard
            title={t('scopeEntry.title')}
            description={mandatory ? t('scopeEntry.mandatory') : undefined}
          >
            <Box sx={{ display: 'grid', gap: 2 }}>
              <Box>
                <Typography variant="body2" color="text.secondary" id="scope-status-label" sx={{ mb: 0.5 }}>
                  {t('scopeEntry.status')}
                </Typography>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  value={entryDraft.status}
                  disabled={!canWrite}
                  onChange={(_e, v: CsrdStatus | null) => v && setEntryDraft((e) => ({ ...e, status: v }))}
                  aria-labelledby="scope-status-label"
                  data-testid="scope-status"
                >
                  {CSRD_STATUSES.map((s) => (
                    <ToggleButton key={s} value={s} sx={{ px: 1.5 }}>
                      {t(`status.${s}`)}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              </Box>
              <DatesProvider>
                <DayPicker
                  label={t('scopeEntry.deadline')}
                  value={entryDraft.deadline || null}
                  disabled={!canWrite}
                  onChange={(v) => setEntryDraft((e) => ({ ...e, deadline: v ?? '' }))}
                />
              </DatesProvider>
              <AssigneeSelect
                label={t('scopeEntry.responsible')}
                value={entryDraft.responsibleUser}
                disabled={!canWrite}
                onChange={(id) => setEntryDraft((x) => ({ ...x, responsibleUser: id }))}
              />
              <TextField
                size="small"
                label={t('scopeEntry.note')}
                value={entryDraft.note}
                disabled={!canWrite}
                multiline
                minRows={3}
                onChange={(e) => setEntryDraft((x) => ({ ...x, note: e.target.value }))}
              />
            </Box>
          </SectionCard>
          <SectionCard title={t('tasks.title')} description={t('tasks.subtitle')}>
            <ScopeTasks report={id} scope={scope} />
          </SectionCard>
        </Box>
      </Box>
      {canWrite && (
        <Paper
          elevation={6}
          sx={{
            position: 'sticky',
            bottom: 16,
            // Above the outlined fields' floating labels.
            zIndex: 2,
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            flexWrap: 'wrap',
            p: 1.5,
            px: 2,
            borderRadius: 2,
          }}
          data-testid="scope-save-bar"
        >
          <Typography variant="body2" sx={{ flex: 1 }} component="output">
            {saveError ? (
              <Box component="span" sx={{ color: 'error.main' }}>
                {saveError}
              </Box>
            ) : dirty ? (
              t('scopeEntry.unsaved', { count: changed })
            ) : (
              t('scopeEntry.allSaved')
            )}
          </Typography>
          <Button
            disabled={!dirty || busy}
            onClick={() => {
              setDrafts(saved);
              setEntryDraft(entryDraftOf(entry));
            }}
          >
            {t('scopeEntry.discard')}
          </Button>
          <Button
            variant="contained"
            disabled={!dirty || busy || invalid.length > 0}
            onClick={() => void save()}
            data-testid="scope-save"
          >
            {t('common:actions.save')}
          </Button>
        </Paper>
      )}
    </>
  );
}
