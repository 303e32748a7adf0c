import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_BYTES } from '@klimadesk/contract/constants';
import type { CfcImportIssue } from '@klimadesk/contract/cfc/results';
import { ApiError } from '../../app/api.ts';
import { upload } from '../../app/client.ts';
import { errorText } from '../../components/errors.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { ImportIssuesTable } from '../../components/ImportIssuesTable.tsx';
import { notify } from '../../components/notify.ts';
import { UploadProgress } from '../../components/UploadProgress.tsx';
import { useUploadPhase } from '../../components/useUploadPhase.ts';
import { ViewDialog } from '../../components/ViewDialog.tsx';
import { FilePicker } from '../mappings/FilePicker.tsx';
import { ENTRY_KEYS } from './cfc.ts';

/** The row issues of a refused import (`cfcImportFailed`, `detail.issues`). */
export function importIssuesOf(err: unknown): CfcImportIssue[] {
  if (!(err instanceof ApiError) || err.key !== 'cfcImportFailed') return [];
  const list = err.detail?.issues;
  return Array.isArray(list) ? (list as CfcImportIssue[]) : [];
}

/** An issue's code in words (seed 001 §5 per-field codes), else the catalogue's text. */
export function importIssueText(code: string): string {
  if (i18n.exists(`cfc:import.codes.${code}`)) return i18n.t(`cfc:import.codes.${code}`);
  return i18n.exists(`errors:${code}`) ? i18n.t(`errors:${code}`) : code;
}

/**
 * The import of a section's entries (seed 001 §5): an xlsx file (the section export is the
 * template) and whether it replaces the section's entries. A refused file opens the
 * validation-error dialog; nothing was imported then.
 */
export function ImportDialog({
  report,
  section,
  sectionName,
  onClose,
}: {
  report: string;
  section: string;
  sectionName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['cfc', 'common']);
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  const sending = useUploadPhase();
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<CfcImportIssue[] | null>(null);
  const busy = sending.busy;

  const start = async () => {
    if (!file) return;
    setError(null);
    try {
      const result = await sending.track((onProgress) =>
        upload('cfcImportEntries', file, {
          fields: { report, section, replace: String(replace) },
          onProgress,
        }),
      );
      notify(t('import.done', { count: result.imported, replaced: result.replaced }), 'success', {
        log: true,
      });
      onClose();
    } catch (err) {
      const rows = importIssuesOf(err);
      if (rows.length > 0) setIssues(rows);
      else setError(errorText(err));
    } finally {
      for (const queryKey of ENTRY_KEYS) void qc.invalidateQueries({ queryKey });
    }
  };

  return (
    <>
      <FormDialog
        id="cfc-import"
        title={t('import.title', { section: sectionName })}
        mutation={{ busy, error, clearError: () => setError(null) }}
        onSubmit={() => void start()}
        onClose={onClose}
        maxWidth="sm"
        submitLabel={t('import.start')}
        submitDisabled={!file}
        submitTestId="cfc-import-start"
        errorTestId="cfc-import-error"
        after={
          busy ? (
            <UploadProgress
              phase={sending.phase as 'uploading' | 'processing'}
              progress={sending.progress}
              text={{
                uploading: t('import.uploading'),
                processing: t('import.processing'),
                progress: t('import.progress'),
              }}
            />
          ) : undefined
        }
      >
        <DialogContentText>{t('import.text')}</DialogContentText>
        <FilePicker
          accept=".xlsx"
          file={file}
          onChange={(f) => {
            setError(null);
            if (f.size > UPLOAD_MAX_BYTES) {
              setFile(null);
              setError(t('import.tooLarge'));
            } else setFile(f);
          }}
          onError={(m) => {
            setFile(null);
            setError(m);
          }}
          disabled={busy}
          label={t('import.choose')}
          testId="cfc-import-file"
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={replace}
              onChange={(e) => setReplace(e.target.checked)}
              disabled={busy}
              slotProps={{ input: { 'data-testid': 'cfc-import-replace' } as object }}
            />
          }
          label={t('import.replace')}
        />
        {replace && <Alert severity="warning">{t('import.replaceHint')}</Alert>}
      </FormDialog>
      {issues && <ImportErrorsDialog issues={issues} onClose={() => setIssues(null)} />}
    </>
  );
}

/** The validation-error dialog of a refused import: row, column and what is wrong (seed 001 §2, §5). */
export function ImportErrorsDialog({ issues, onClose }: { issues: CfcImportIssue[]; onClose: () => void }) {
  const { t } = useTranslation(['cfc', 'common']);
  return (
    <ViewDialog
      id="cfc-import-errors-title"
      title={t('import.errorsTitle')}
      onClose={onClose}
      close={{ primary: true, testId: 'cfc-import-errors-close' }}
    >
      <Alert severity="error" sx={{ mb: 2 }}>
        {t('import.errorsText', { count: issues.length })}
      </Alert>
      <ImportIssuesTable
        issues={issues.map((r) => ({
          row: r.row,
          column: r.column ?? '–',
          value: r.value,
          message: importIssueText(r.code),
        }))}
        headers={{
          row: t('import.row'),
          column: t('import.column'),
          value: t('import.value'),
          message: t('import.message'),
        }}
        label={t('import.errorsTitle')}
        testId="cfc-import-issues"
        maxHeight={420}
      />
    </ViewDialog>
  );
}
