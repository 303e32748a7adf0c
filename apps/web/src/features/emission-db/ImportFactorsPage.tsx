import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_BYTES } from '@klimadesk/contract/constants';
import { ApiError } from '../../app/api.ts';
import { call, can, queryOptions, upload } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { downloadOrNotify } from '../../components/download.ts';
import { errorText } from '../../components/errors.ts';
import { ImportIssuesTable } from '../../components/ImportIssuesTable.tsx';
import { formatNumber } from '../../components/format.ts';
import { notify } from '../../components/notify.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { FilePicker } from '../mappings/FilePicker.tsx';
import { FACTOR_KEYS } from './emissionDb.ts';
import { UploadProgress } from '../../components/UploadProgress.tsx';
import { useUploadPhase } from '../../components/useUploadPhase.ts';
import { settleImport } from '../../components/importRun.ts';

const ACCEPT = '.xlsx,.csv';

/** A row issue of the refused file (the spreadsheet kit's RowIssue, or a rule's code). */
export type ImportIssue = {
  row: number;
  column?: string | null;
  key?: string | null;
  field?: string | null;
  code: string;
  cell?: string;
};

/** The row issues a refusal carries (`detail.issues`, or `detail.errors` as other imports name them). */
export function importIssues(err: unknown): ImportIssue[] {
  if (!(err instanceof ApiError)) return [];
  const list = err.detail?.issues ?? err.detail?.errors;
  return Array.isArray(list) ? (list as ImportIssue[]) : [];
}

/** The column an issue names, in the words of the template (the server names it by its key). */
export function issueColumn(issue: ImportIssue): string {
  const key = issue.field ?? issue.key;
  if (key && i18n.exists(`emissionDb:import.columns.${key}`))
    return i18n.t(`emissionDb:import.columns.${key}`);
  return issue.column ?? key ?? '–';
}

/** The issue's code in words: the import's own codes first, then the error catalogue. */
export function issueText(code: string): string {
  if (i18n.exists(`emissionDb:import.codes.${code}`)) return i18n.t(`emissionDb:import.codes.${code}`);
  return i18n.exists(`errors:${code}`) ? i18n.t(`errors:${code}`) : code;
}

/** Step 1: the template in the UI language. */
function TemplateStep() {
  const { t } = useTranslation(['emissionDb', 'common']);
  const [templateBusy, setTemplateBusy] = useState(false);
  const downloadTemplate = async () => {
    setTemplateBusy(true);
    await downloadOrNotify(call('factorImportTemplate', { query: { lang: currentLanguage() } }));
    setTemplateBusy(false);
  };
  return (
    <SectionCard title={`1. ${t('import.step1')}`} description={t('import.step1Text')}>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        onClick={() => void downloadTemplate()}
        disabled={templateBusy}
        data-testid="factor-import-template"
      >
        {t('import.template')}
      </Button>
    </SectionCard>
  );
}

/** Where the platform admin imports to: the provider's factors, or a company's own. */
function ImportTarget({ value, onChange }: { value: string; onChange: (company: string) => void }) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const companies = useQuery({
    ...queryOptions('companies', { query: { pagination: 'false', 'order[name]': 'asc', module: 'cfc' } }),
    select: (d) => d['hydra:member'],
  });
  return (
    <TextField
      select
      label={t('import.target')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ maxWidth: 480 }}
      // The first choice is the empty value: shown, not left blank.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      data-testid="factor-import-target"
    >
      <MenuItem value="">{t('import.targetProvider')}</MenuItem>
      {(companies.data ?? []).map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {t('import.targetCompany')}: {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The file to import and its upload: a file over the size limit is refused before sending; the
 * answer is the number of new factors, or the refusal with its row issues.
 */
function useFactorImport(company: string) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const sending = useUploadPhase();
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<ImportIssue[]>([]);
  const [created, setCreated] = useState<number | null>(null);

  const clear = () => {
    setError(null);
    setIssues([]);
    setCreated(null);
  };

  const pick = (f: File) => {
    clear();
    if (f.size > UPLOAD_MAX_BYTES) {
      setFile(null);
      setError(t('import.tooLarge'));
      return;
    }
    setFile(f);
  };

  const start = async () => {
    if (!file) return;
    clear();
    try {
      // The rows are checked and written by an import job; its result counts the new factors.
      const result = await sending.track((onProgress) =>
        settleImport<{ created: number }>(
          upload('importEmissionFactors', file, { fields: company ? { company } : undefined, onProgress }),
        ),
      );
      setCreated(result.created);
      setFile(null);
      notify(
        t('import.done', { count: result.created, n: formatNumber(result.created, currentLanguage(), 0) }),
        'success',
        { log: true },
      );
      for (const queryKey of FACTOR_KEYS) void qc.invalidateQueries({ queryKey });
    } catch (err) {
      const rows = importIssues(err);
      setIssues(rows);
      setError(rows.length ? t('import.failedTitle') : errorText(err));
    }
  };
  const refuse = (message: string) => {
    setFile(null);
    setError(message);
  };
  return { file, sending, error, issues, created, clear, pick, start, refuse };
}

/** What the last upload came to: the number of new factors, or the refusal with its row issues. */
function ImportOutcome({
  created,
  error,
  issues,
}: {
  created: number | null;
  error: string | null;
  issues: ImportIssue[];
}) {
  const { t } = useTranslation(['emissionDb', 'common']);
  return (
    <>
      {created !== null && (
        <Alert severity="success" data-testid="factor-import-done">
          {t('import.done', { count: created, n: formatNumber(created, currentLanguage(), 0) })}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert" data-testid="factor-import-error">
          {issues.length > 0 && <AlertTitle>{error}</AlertTitle>}
          {issues.length > 0 ? t('import.failedText') : error}
        </Alert>
      )}
      {issues.length > 0 && (
        <ImportIssuesTable
          issues={issues.map((r) => ({
            row: r.row,
            column: issueColumn(r),
            value: r.cell,
            message: issueText(r.code),
          }))}
          headers={{
            row: t('import.row'),
            column: t('import.column'),
            // The value column only when the answer quotes the cells.
            value: issues.some((i) => i.cell) ? t('import.value') : undefined,
            message: t('import.error'),
          }}
          label={t('import.errorsLabel')}
          testId="factor-import-issues"
          maxHeight={360}
        />
      )}
    </>
  );
}

/**
 * The factor import (seed 002 §2 import-factors, issue 18): the template, then an xlsx or csv
 * upload. Any row issue refuses the whole file (all or nothing); the issues are listed with row,
 * column and what is wrong, so the user fixes the file and uploads it again.
 */
export function ImportFactorsPage() {
  const { t } = useTranslation(['emissionDb', 'common']);
  const me = useMe();
  const isPlatformAdmin = me.roles.includes('ROLE_SMP_ADMIN');
  const [company, setCompany] = useState('');
  const { file, sending, error, issues, created, clear, pick, start, refuse } = useFactorImport(company);
  const busy = sending.busy;
  const canImport = can(me, 'importEmissionFactors');

  return (
    <>
      <PageHeader title={t('import.title')} subtitle={t('import.subtitle')} />
      <Box sx={{ display: 'grid', gap: 3, maxWidth: 960, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <TemplateStep />
        <SectionCard title={`2. ${t('import.step2')}`} description={t('import.step2Text')}>
          <Box sx={{ display: 'grid', gap: 2 }}>
            {isPlatformAdmin && (
              <ImportTarget
                value={company}
                onChange={(c) => {
                  setCompany(c);
                  clear();
                }}
              />
            )}
            <FilePicker
              accept={ACCEPT}
              file={file}
              onChange={pick}
              onError={refuse}
              disabled={busy}
              label={t('import.choose')}
              testId="factor-import-file"
            />
            {busy && (
              <UploadProgress
                phase={sending.phase as 'uploading' | 'processing'}
                progress={sending.progress}
                text={{
                  uploading: t('import.uploading'),
                  processing: t('import.processing'),
                  progress: t('import.progress'),
                }}
              />
            )}
            <ImportOutcome created={created} error={error} issues={issues} />
            {canImport && (
              <Box>
                <Button
                  variant="contained"
                  onClick={() => void start()}
                  disabled={!file || busy}
                  data-testid="factor-import-start"
                >
                  {t('import.start')}
                </Button>
              </Box>
            )}
          </Box>
        </SectionCard>
      </Box>
    </>
  );
}
