import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CsrdReport } from '@klimadesk/contract/csrd/schemas';
import { queryOptions, upload } from '../../app/client.ts';
import { ImportDialog } from '../../components/ImportDialog.tsx';
import { notify } from '../../components/notify.ts';
import { REPORT_KEYS } from './csrdQueries.ts';
import { ReportSelect, csrdIssueText } from './ReportImportDialogs.tsx';

/**
 * Imports a materiality analysis into a report (seed 001 §2 "import analysis") on the one import
 * dialog, without a file: the report and the analysis go as form fields, and the import job makes
 * the analysis's material topics mandatory topics of the report.
 */
export function ImportAnalysisDialog({
  report,
  onClose,
}: {
  report: CsrdReport | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const qc = useQueryClient();
  const [reportId, setReportId] = useState(report?.id ?? '');
  const [maId, setMaId] = useState('');
  const analyses = useQuery({
    ...queryOptions('materialityAnalyses', { query: { limit: 100, withDeleted: 'false' } }),
    select: (d) => d['hydra:member'],
  });
  const done = (r: Record<string, unknown>) =>
    t('import.analysisDone', { year: (r.report as CsrdReport | undefined)?.year ?? '' });
  return (
    <ImportDialog
      id="import-analysis"
      title={t('import.analysisTitle')}
      text={t('import.analysisText')}
      accept={null}
      fields={
        <>
          <ReportSelect value={reportId} onChange={setReportId} />
          <TextField
            select
            required
            label={t('report.analysis')}
            value={maId}
            onChange={(e) => setMaId(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'import-analysis-select' } }}
          >
            {(analyses.data ?? []).map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.name}
              </MenuItem>
            ))}
          </TextField>
        </>
      }
      ready={reportId !== '' && maId !== ''}
      start={(_file, onProgress, signal) =>
        upload('importCsrdReport', null, {
          fields: { report: reportId, materialityAnalysis: maId },
          onProgress,
          signal,
        })
      }
      issueText={csrdIssueText}
      doneText={done}
      onDone={(r) => {
        for (const queryKey of REPORT_KEYS) void qc.invalidateQueries({ queryKey });
        notify(done(r), 'success', { log: true });
        onClose();
      }}
      onClose={onClose}
    />
  );
}
