import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import Co2Outlined from '@mui/icons-material/Co2Outlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  CSRD_STATUSES,
  type CsrdCategory,
  type CsrdScopeCode,
  type CsrdStatus,
} from '@klimadesk/contract/csrd/reference';
import type { DisclosureRequirement } from '@klimadesk/contract/csrd/schemas';
import { can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { isPhasedIn } from '@klimadesk/contract/csrd/reliefs';
import { E1_6 } from './cfcTakeOver.ts';
import { scopeName } from './csrdQueries.ts';
import { downloadReportPdf } from './CsrdReportOverviewPage.tsx';
import type { EntryDraft } from './reportDrafts.ts';
import { RequirementPanel } from './RequirementPanel.tsx';
import { ScopeNavigation, useTopicParams } from './ScopeNavigation.tsx';
import { AssigneeSelect, ScopeTasks } from './ScopeTasks.tsx';
import { useCfcTakeOver, useTopicDrafts, useTopicRequirements } from './topicState.ts';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';

/** The requirements beside the scope entry and the tasks; room below for the save bar. */
const PAGE_SX = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
  pb: 10,
} as const;
const COLUMN_SX = {
  display: 'grid',
  gap: 2,
  alignContent: 'start',
  minWidth: 0,
  gridTemplateColumns: 'minmax(0, 1fr)',
} as const;

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
  const report = useQuery(queryOptions('getCsrdReport', { params: { id } }));
  const navigation = useQuery(queryOptions('csrdReportNavigation', { params: { id }, query: { category } }));
  const topic = useTopicRequirements(id, scope, report.data);
  const { requirements, values, phaseIns } = topic;
  const form = useTopicDrafts({ id, scope, ...topic });
  const takeOver = useCfcTakeOver(id, scope, form.drafts[E1_6], form.setValue);
  const dirty = topic.loaded && form.changed > 0;
  const canWrite = can(me, 'updateCsrdIndicatorValue') && !report.data?.deletedAt;
  const go = (c: CsrdCategory, s: CsrdScopeCode) =>
    void navigate({ to: '/csrd-report/$id/$category/$scope', params: { id, category: c, scope: s } });
  const selected = report.data?.categories.map((c) => c.id);
  const mandatory = report.data?.categories.find((c) => c.id === scope)?.mandatory ?? false;
  const showTakeOver = scope === 'E1' && canWrite && requirements.some((dr) => dr.code === E1_6);

  return (
    <>
      <UnsavedChangesGuard dirty={dirty} />
      <PageHeader
        title={scopeName(topic.scopes, scope, lang)}
        subtitle={report.data ? t('scopeEntry.subtitle', { year: report.data.year }) : undefined}
        actions={<ScopeActions id={id} />}
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
      <Box sx={PAGE_SX}>
        <Box sx={COLUMN_SX}>
          <RequirementsIntro count={requirements.length} owedHint={!!topic.topic?.disclosureRequirements} />
          {topic.processDisclosures.length > 0 && <ProcessDisclosures items={topic.processDisclosures} />}
          {showTakeOver && (
            <CfcTakeOverBar takeOver={takeOver} disabled={!takeOver.hasFigures || !topic.loaded} />
          )}
          {requirements.map((dr) =>
            form.drafts[dr.code] ? (
              <RequirementPanel
                key={dr.code}
                report={id}
                dr={dr}
                draft={form.drafts[dr.code]}
                stored={values[dr.code]}
                isVoluntary={topic.voluntary.has(dr.code)}
                phaseIn={phaseIns ? isPhasedIn(phaseIns, scope, dr.code) : null}
                canWrite={canWrite}
                onChange={(patch) => form.setValue(dr.code, patch)}
              />
            ) : null,
          )}
        </Box>
        <Box sx={COLUMN_SX}>
          <ScopeEntryCard
            draft={form.entryDraft}
            setDraft={form.setEntryDraft}
            canWrite={canWrite}
            mandatory={mandatory}
          />
          <SectionCard title={t('tasks.title')} description={t('tasks.subtitle')}>
            <ScopeTasks report={id} scope={scope} />
          </SectionCard>
        </Box>
      </Box>
      {canWrite && <SaveBar form={form} dirty={dirty} />}
    </>
  );
}

/** The report's indicators table and its PDF. */
function ScopeActions({ id }: { id: string }) {
  const { t } = useTranslation(['csrd', 'common']);
  const navigate = useNavigate();
  return (
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
  );
}

function RequirementsIntro({ count, owedHint }: { count: number; owedHint: boolean }) {
  const { t } = useTranslation(['csrd', 'common']);
  return (
    <>
      <Typography variant="h3" component="h2">
        {t('scopeEntry.requirements', { count })}
      </Typography>
      {owedHint && (
        <Typography variant="body2" color="text.secondary" data-testid="owed-hint">
          {t('scopeEntry.owedHint')}
        </Typography>
      )}
    </>
  );
}

/** The process disclosures (IRO-1) of the material topics, reported here under ESRS 2. */
function ProcessDisclosures({ items }: { items: readonly Pick<DisclosureRequirement, 'code' | 'title'>[] }) {
  const { t } = useTranslation(['csrd', 'common']);
  return (
    <Alert severity="info" data-testid="process-disclosures">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('scopeEntry.processTitle')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {t('scopeEntry.processText')}
      </Typography>
      {items.map((dr) => (
        <Typography key={dr.code} variant="body2">
          <Box component="span" sx={{ fontWeight: 600 }}>
            {dr.code}
          </Box>{' '}
          {dr.title}
        </Typography>
      ))}
    </Alert>
  );
}

function CfcTakeOverBar({
  takeOver,
  disabled,
}: {
  takeOver: ReturnType<typeof useCfcTakeOver>;
  disabled: boolean;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        startIcon={<Co2Outlined />}
        onClick={takeOver.takeOver}
        disabled={disabled}
        data-testid="cfc-take-over"
      >
        {t('cfcTakeOver.button')}
      </Button>
      {takeOver.noFiguresYear !== null && (
        <Typography variant="body2" color="text.secondary">
          {t('cfcTakeOver.none', { year: takeOver.noFiguresYear })}
        </Typography>
      )}
    </Box>
  );
}

/** The topic's scope entry: status, deadline, responsible user and note. */
function ScopeEntryCard({
  draft,
  setDraft,
  canWrite,
  mandatory,
}: {
  draft: EntryDraft;
  setDraft: (update: (d: EntryDraft) => EntryDraft) => void;
  canWrite: boolean;
  mandatory: boolean;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  return (
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
            value={draft.status}
            disabled={!canWrite}
            onChange={(_e, v: CsrdStatus | null) => v && setDraft((e) => ({ ...e, status: v }))}
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
            value={draft.deadline || null}
            disabled={!canWrite}
            onChange={(v) => setDraft((e) => ({ ...e, deadline: v ?? '' }))}
          />
        </DatesProvider>
        <AssigneeSelect
          label={t('scopeEntry.responsible')}
          value={draft.responsibleUser}
          disabled={!canWrite}
          onChange={(id) => setDraft((x) => ({ ...x, responsibleUser: id }))}
        />
        <TextField
          size="small"
          label={t('scopeEntry.note')}
          value={draft.note}
          disabled={!canWrite}
          multiline
          minRows={3}
          onChange={(e) => setDraft((x) => ({ ...x, note: e.target.value }))}
        />
      </Box>
    </SectionCard>
  );
}

/** The pending changes' count (or the save's error), discard and save. */
function SaveBar({ form, dirty }: { form: ReturnType<typeof useTopicDrafts>; dirty: boolean }) {
  const { t } = useTranslation(['csrd', 'common']);
  return (
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
        {form.saveError ? (
          <Box component="span" sx={{ color: 'error.main' }}>
            {form.saveError}
          </Box>
        ) : dirty ? (
          t('scopeEntry.unsaved', { count: form.changed })
        ) : (
          t('scopeEntry.allSaved')
        )}
      </Typography>
      <Button disabled={!dirty || form.busy} onClick={form.discard}>
        {t('scopeEntry.discard')}
      </Button>
      <Button
        variant="contained"
        disabled={!dirty || form.busy || form.invalid.length > 0}
        onClick={() => void form.save()}
        data-testid="scope-save"
      >
        {t('common:actions.save')}
      </Button>
    </Paper>
  );
}
