import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CsrdReport, reportImportResult } from '@klimadesk/contract/csrd/schemas';
import type { z } from 'zod';
import { queryOptions, upload } from '../../app/client.ts';
import { ImportDialog } from '../../components/ImportDialog.tsx';
import { UploadProgress } from '../../components/UploadProgress.tsx';
import { REPORT_KEYS } from './csrdQueries.ts';

type ReportImportResult = z.output<typeof reportImportResult>;
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

/** A CSRD import's invalid-row code in words. */
export function csrdIssueText(code: string): string {
  return i18n.t(`csrd:import.codes.${code}`, { defaultValue: code });
}

/**
 * Imports a filled report template into a report (seed 001 §2 "import template") on the one import
 * dialog: the file goes to `csrd-reports/import`; the finished import counts added, updated and
 * invalid rows per sheet, and lists the invalid rows (not taken over) with their download.
 */
export function ImportTemplateDialog({
  report,
  onClose,
}: {
  report: CsrdReport | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const qc = useQueryClient();
  const [reportId, setReportId] = useState(report?.id ?? '');
  return (
    <ImportDialog
      id="import-template"
      title={t('import.templateTitle')}
      text={t('import.templateText')}
      accept=".xlsx"
      fields={<ReportSelect value={reportId} onChange={setReportId} testId="import-report" />}
      ready={reportId !== ''}
      start={(file, onProgress, signal) =>
        upload('importCsrdReport', file, { fields: { report: reportId }, onProgress, signal })
      }
      issueText={csrdIssueText}
      showValue={false}
      doneText={() => t('import.done')}
      resultView={(r) =>
        (r as ReportImportResult).import ? (
          <ImportResult result={(r as ReportImportResult).import!} withIssues={false} />
        ) : null
      }
      onDone={() => {
        for (const queryKey of REPORT_KEYS) void qc.invalidateQueries({ queryKey });
      }}
      onClose={onClose}
    />
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
