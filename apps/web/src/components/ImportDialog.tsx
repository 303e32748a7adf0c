import { useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import type { ImportIssue } from '@klimadesk/contract/imports/schemas';
import { call } from '../app/client.ts';
import { currentLanguage } from '../app/i18n.ts';
import { MOBILE_QUERY } from '../app/theme.ts';
import { downloadOrNotify } from './download.ts';
import { errorText } from './errors.ts';
import { formatNumber } from './format.ts';
import { FileDrop } from './FileDrop.tsx';
import { ImportIssuesTable } from './ImportIssuesTable.tsx';
import { type ImportRun, followImportRun, runError } from './importRun.ts';

/** Where the dialog is: choosing, sending the bytes, the job running, or its end. */
type Phase = 'pick' | 'uploading' | 'running' | 'ended';

export type ImportDialogProps<S = ImportRun> = {
  /** Prefix of the element ids and test ids (`<id>-start`, `<id>-file`, …). */
  id: string;
  title: string;
  /** What the file must be, under the file step. */
  text: string;
  /** The module's template (or export) to fill in; shown as step 1. */
  template?: { text?: string; download: () => Promise<unknown> };
  /** File types the picker offers and accepts (`.xlsx,.csv`); null: the import has no file. */
  accept: string | null;
  /** The module's own inputs (report, section, replace, …), under the file. */
  fields?: ReactNode;
  /** Whether the module's inputs are complete. */
  ready?: boolean;
  /** Sends the file and inputs to the module's import route; answers the run (202). */
  start: (file: File | null, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<S>;
  /**
   * For an import whose progress and cancel live in a list of its own (the mapping import's task
   * list): the dialog sends the file, calls this and leaves the rest to the list.
   */
  handOver?: (started: S) => void;
  /** An issue's column in the words of the module's template. */
  columnLabel?: (column: string | null) => string;
  /** An issue's code in words (the module's codes, then the error catalogue). */
  issueText: (code: string) => string;
  /** Whether the issue table shows the quoted cell. */
  showValue?: boolean;
  /** The finished import in words (counts of the module's result). */
  doneText: (result: Record<string, unknown>) => string;
  /** After a finished import (lists to refresh). */
  onDone?: (result: Record<string, unknown>) => void;
  /** Below the success message: the module's own view of its result. */
  resultView?: (result: Record<string, unknown>) => ReactNode;
  submitLabel?: string;
  onClose: () => void;
};

/** The dialog's run: the chosen file, the phase, the upload and job progress, start, cancel and close. */
function useImportRun<S>(props: ImportDialogProps<S>) {
  const { accept, onClose } = props;
  const abort = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('pick');
  const [sent, setSent] = useState(0);
  const [run, setRun] = useState<ImportRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const busy = phase === 'uploading' || phase === 'running';
  // Polling stops when the dialog goes; the import itself goes on unless cancelled.
  useEffect(() => () => abort.current?.abort(), []);

  const reset = () => {
    setRun(null);
    setError(null);
    setPhase('pick');
  };

  const start = async () => {
    if (accept !== null && !file) return;
    reset();
    setSent(0);
    setPhase('uploading');
    const controller = new AbortController();
    abort.current = controller;
    try {
      const started = await props.start(file, setSent, controller.signal);
      if (props.handOver) return props.handOver(started);
      setPhase('running');
      const ended = await followImportRun(started as ImportRun, setRun, controller.signal);
      if (controller.signal.aborted) return;
      setPhase('ended');
      if (ended.status === 'done') props.onDone?.(ended.result ?? {});
      if (ended.status === 'failed' && ended.issueCount === 0) setError(errorText(runError(ended)));
    } catch (err) {
      if ((err as Error).name === 'AbortError' || controller.signal.aborted) return;
      setError(errorText(err));
      setPhase('pick');
    }
  };

  const cancel = async () => {
    if (!run) return;
    setCancelling(true);
    try {
      setRun(await call('cancelImportRun', { params: { id: run.id } }));
    } catch (err) {
      // The import ended meanwhile: its end comes with the next poll.
      setError(errorText(err));
    } finally {
      setCancelling(false);
    }
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  return { file, setFile, phase, sent, run, error, setError, cancelling, busy, reset, start, cancel, close };
}

type ImportRunState = ReturnType<typeof useImportRun>;

/**
 * The one import dialog (issue 38): the module's template, the file (drop or choose; type and size
 * checked here, again by the server), the upload's bytes, then the import job's progress with
 * cancel, and its end: the counts, or the row issues with their download (xlsx or CSV). A refused
 * file wrote nothing; the user fixes it and sends it again from the same dialog.
 */
export function ImportDialog<S = ImportRun>(props: ImportDialogProps<S>) {
  const { id, title, accept, ready = true } = props;
  const { t } = useTranslation('common');
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const r = useImportRun(props);
  const { file, phase, sent, run, error, busy, reset, setFile, setError } = r;

  return (
    <Dialog
      open
      onClose={r.close}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
        {props.template && (
          <ImportStep id={`${id}-step1`} n={1} title={t('importKit.templateStep')} text={props.template.text}>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              onClick={() => void props.template?.download()}
              sx={{ justifySelf: 'start' }}
              data-testid={`${id}-template`}
            >
              {t('importKit.template')}
            </Button>
          </ImportStep>
        )}
        <ImportStep
          id={`${id}-step2`}
          n={props.template ? 2 : null}
          title={accept === null ? t('importKit.choiceStep') : t('importKit.fileStep')}
          text={props.text}
        >
          {accept !== null && (
            <FileDrop
              id={id}
              accept={accept}
              file={file}
              disabled={busy}
              onFile={(f) => {
                reset();
                setFile(f);
              }}
              onError={(message) => {
                setFile(null);
                setError(message);
              }}
            />
          )}
          {props.fields}
        </ImportStep>
        {busy && <RunProgress id={id} phase={phase} sent={sent} run={run} />}
        {error && (
          <Alert severity="error" role="alert" data-testid={`${id}-error`}>
            {error}
          </Alert>
        )}
        {phase === 'ended' && run && <RunEnd {...props} run={run} />}
      </DialogContent>
      <ImportActions
        id={id}
        state={r}
        canStart={ready && (accept === null || !!file)}
        submitLabel={props.submitLabel}
      />
    </Dialog>
  );
}

/** Cancel while the job runs, close, and start (again) unless the import is done. */
function ImportActions({
  id,
  state,
  canStart,
  submitLabel,
}: {
  id: string;
  state: ImportRunState;
  canStart: boolean;
  submitLabel?: string;
}) {
  const { t } = useTranslation('common');
  const { phase, run, busy, cancelling } = state;
  return (
    <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
      {phase === 'running' && run && (
        <Button
          color="warning"
          onClick={() => void state.cancel()}
          disabled={cancelling || run.status === 'cancelled'}
          data-testid={`${id}-cancel`}
        >
          {t('importKit.cancel')}
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      <Button onClick={state.close} data-testid={`${id}-close`}>
        {phase === 'ended' ? t('actions.close') : t('actions.cancel')}
      </Button>
      {!(phase === 'ended' && run?.status === 'done') && (
        <Button
          variant="contained"
          onClick={() => void state.start()}
          disabled={busy || !canStart}
          data-testid={`${id}-start`}
        >
          {phase === 'ended' ? t('importKit.again') : (submitLabel ?? t('importKit.start'))}
        </Button>
      )}
    </DialogActions>
  );
}

/** A step of the dialog: its heading (numbered when there are two) and what to do, then its controls. */
function ImportStep({
  id,
  n,
  title,
  text,
  children,
}: {
  id: string;
  n: number | null;
  title: string;
  text?: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
      <Box>
        <Typography id={id} variant="h4" component="h3">
          {n === null ? title : `${n}. ${title}`}
        </Typography>
        {text && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {text}
          </Typography>
        )}
      </Box>
      {children}
    </Box>
  );
}

/** The bytes sent, then the job's rows checked and written (its percent), as a live region. */
function RunProgress({
  id,
  phase,
  sent,
  run,
}: {
  id: string;
  phase: Phase;
  sent: number;
  run: ImportRun | null;
}) {
  const { t } = useTranslation('common');
  const uploading = phase === 'uploading';
  const percent = uploading ? sent : (run?.progress ?? 0);
  const text = uploading
    ? t('importKit.uploading')
    : run?.status === 'queued'
      ? t('importKit.queued')
      : t('importKit.running', { percent: formatNumber(percent, currentLanguage(), 0) });
  return (
    <Box component="output" aria-live="polite" sx={{ display: 'block' }} data-testid={`${id}-progress`}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {text}
      </Typography>
      <LinearProgress
        variant={!uploading && run?.status === 'queued' ? 'indeterminate' : 'determinate'}
        value={percent}
        aria-label={uploading ? t('importKit.uploadProgress') : t('importKit.runProgress')}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/** The end of a run: done with its counts (and the rows it skipped), refused with its issues, or cancelled. */
function RunEnd<S>(props: ImportDialogProps<S> & { run: ImportRun }) {
  const { id, run, issueText, columnLabel = (c) => c ?? '–' } = props;
  const { t } = useTranslation('common');
  const download = (format: 'xlsx' | 'csv') =>
    downloadOrNotify(call('importRunIssues', { params: { id: run.id }, query: { format } }));
  const issues = (
    <IssueList
      id={id}
      issues={run.issues}
      count={run.issueCount}
      showValue={props.showValue ?? run.issues.some((i) => i.value)}
      columnLabel={columnLabel}
      issueText={issueText}
      onDownload={download}
    />
  );
  if (run.status === 'cancelled')
    return (
      <Alert severity="info" data-testid={`${id}-cancelled`}>
        {t('importKit.cancelled')}
      </Alert>
    );
  if (run.status === 'done')
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity={run.issueCount > 0 ? 'warning' : 'success'} data-testid={`${id}-done`}>
          {props.doneText(run.result ?? {})}
        </Alert>
        {props.resultView?.(run.result ?? {})}
        {run.issueCount > 0 && issues}
      </Box>
    );
  if (run.issueCount === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="error" role="alert" data-testid={`${id}-error`}>
        <AlertTitle>{t('importKit.failedTitle', { count: run.issueCount })}</AlertTitle>
        {t('importKit.failedText')}
      </Alert>
      {issues}
    </Box>
  );
}

function IssueList({
  id,
  issues,
  count,
  showValue,
  columnLabel,
  issueText,
  onDownload,
}: {
  id: string;
  issues: readonly ImportIssue[];
  count: number;
  showValue: boolean;
  columnLabel: (column: string | null) => string;
  issueText: (code: string) => string;
  onDownload: (format: 'xlsx' | 'csv') => Promise<void>;
}) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <ImportIssuesTable
        issues={issues.map((i) => ({
          row: i.row,
          column: columnLabel(i.column),
          value: i.value,
          message: issueText(i.code),
        }))}
        headers={{
          row: t('importKit.row'),
          column: t('importKit.column'),
          value: showValue ? t('importKit.value') : undefined,
          message: t('importKit.issue'),
        }}
        label={t('importKit.issuesLabel')}
        testId={`${id}-issues`}
        maxHeight={300}
      />
      {count > issues.length && (
        <Typography variant="caption" color="text.secondary">
          {t('importKit.moreIssues', { shown: issues.length, count })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => void onDownload('xlsx')}
          data-testid={`${id}-issues-xlsx`}
        >
          {t('importKit.downloadXlsx')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => void onDownload('csv')}
          data-testid={`${id}-issues-csv`}
        >
          {t('importKit.downloadCsv')}
        </Button>
      </Box>
    </Box>
  );
}
