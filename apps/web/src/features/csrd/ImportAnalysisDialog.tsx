import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CsrdReport } from '@klimadesk/contract/csrd/schemas';
import { queryOptions, upload } from '../../app/client.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { REPORT_KEYS } from './csrdQueries.ts';
import { ReportSelect } from './ReportImportDialogs.tsx';

/**
 * Imports a materiality analysis into a report (seed 001 §2 "import analysis"): its material topics
 * join the report's topics as mandatory ones. The import call is multipart; this form sends the
 * report and the analysis as fields, without a file.
 */
export function ImportAnalysisDialog({
  report,
  onClose,
}: {
  report: CsrdReport | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const [reportId, setReportId] = useState(report?.id ?? '');
  const [maId, setMaId] = useState('');
  const analyses = useQuery({
    ...queryOptions('materialityAnalyses', { query: { limit: 100, withDeleted: 'false' } }),
    select: (d) => d['hydra:member'],
  });
  const run = useApiMutation({
    mutate: () =>
      upload('importCsrdReport', null, { fields: { report: reportId, materialityAnalysis: maId } }),
    invalidate: REPORT_KEYS,
    success: (r) => t('import.analysisDone', { year: r.report.year }),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      id="csrd-import-analysis"
      title={t('import.analysisTitle')}
      mutation={run}
      onSubmit={() => (reportId && maId ? run.run() : undefined)}
      onClose={onClose}
      submitLabel={t('import.start')}
      submitDisabled={!reportId || !maId}
      submitTestId="import-analysis-start"
    >
      <Typography variant="body2" color="text.secondary">
        {t('import.analysisText')}
      </Typography>
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
    </FormDialog>
  );
}
