import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CsrdReport, ExcelImport } from '@klimadesk/contract/csrd/schemas';
import { queryOptions, upload } from '../../app/client.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { UploadProgress } from '../../components/UploadProgress.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { REPORT_KEYS } from './csrdQueries.ts';
import { ImportResult } from './ImportResult.tsx';

/** The reports an import may go into: the active ones, newest year first. */
function useActiveReports() {
  return useQuery({
    ...queryOptions('csrdReports', { query: { limit: 100, withDeleted: 'false' } }),
    select: (d) => d['hydra:member'],
  });
}

/** The report an import goes into. */
export function ReportSelect({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (id: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation('csrd');
  const reports = useActiveReports();
  return (
    <TextField
      select
      required
      label={t('report.report')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {(reports.data ?? []).map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {t('report.yearLabel', { year: r.year })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Imports a filled report template into a report (seed 001 §2 "import template"): the file goes to
 * `csrd-reports/import`; the answer counts added, updated and invalid rows per sheet.
 */
export function ImportTemplateDialog({
  report,
  onClose,
}: {
  report: CsrdReport | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const [reportId, setReportId] = useState(report?.id ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ExcelImport | null>(null);
  const run = useApiMutation({
    mutate: () =>
      upload('importCsrdReport', file!, { fields: { report: reportId }, onProgress: setProgress }).finally(
        () => setProgress(null),
      ),
    invalidate: REPORT_KEYS,
    success: t('import.done'),
    onSuccess: (r) => setResult(r.import),
  });
  return (
    <FormDialog
      id="csrd-import-template"
      title={t('import.templateTitle')}
      mutation={run}
      onSubmit={() => (file && reportId ? run.run() : undefined)}
      onClose={onClose}
      submitLabel={t('import.start')}
      submitDisabled={!file || !reportId || result !== null}
      submitTestId="import-template-start"
      after={
        <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
          {progress !== null && <ImportProgress progress={progress} />}
          {result && <ImportResult result={result} />}
        </Box>
      }
    >
      <Typography variant="body2" color="text.secondary">
        {t('import.templateText')}
      </Typography>
      <ReportSelect value={reportId} onChange={setReportId} testId="import-report" />
      <FilePick file={file} onFile={setFile} testId="import-template-file" />
    </FormDialog>
  );
}

/** A file button for .xlsx with the chosen name beside it. */
export function FilePick({
  file,
  onFile,
  testId,
}: {
  file: File | null;
  onFile: (f: File | null) => void;
  testId: string;
}) {
  const { t } = useTranslation('csrd');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />}>
        {t('import.chooseFile')}
        <input
          hidden
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-testid={testId}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      </Button>
      <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
        {file ? file.name : t('import.noFile')}
      </Typography>
    </Box>
  );
}

/** The upload of an import file: the bytes sent, then the server's processing from 100 %. */
export function ImportProgress({ progress }: { progress: number }) {
  const { t } = useTranslation('csrd');
  return (
    <UploadProgress
      phase={progress < 100 ? 'uploading' : 'processing'}
      progress={progress}
      text={{
        uploading: t('import.uploading'),
        processing: t('import.processing'),
        progress: t('import.progress'),
      }}
    />
  );
}

/** Shown when a write needs a report that does not exist yet. */
export function NoReportHint() {
  const { t } = useTranslation('csrd');
  return <Alert severity="info">{t('import.noReport')}</Alert>;
}
