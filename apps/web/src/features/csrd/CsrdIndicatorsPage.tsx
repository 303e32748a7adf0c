import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { ExcelImport } from '@klimadesk/contract/csrd/schemas';
import { call, can, queryOptions, upload } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { EntityListPage, useEntityList, type ListSource } from '../../components/EntityListPage.tsx';
import { downloadOrNotify } from '../../components/download.ts';
import { formatDateTime, formatNumber } from '../../components/format.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { REPORT_KEYS } from './csrdQueries.ts';
import { firstTopicOf } from './CsrdReportOverviewPage.tsx';
import { ImportResult } from './ImportResult.tsx';
import { FilePick, ImportProgress } from './ReportImportDialogs.tsx';
import { settleImport } from '../../components/importRun.ts';

/** Sums of a record's sheets: what the history shows in one line. */
export function totalsOf(i: Pick<ExcelImport, 'sheets'>) {
  return i.sheets.reduce(
    (s, x) => ({ added: s.added + x.added, updated: s.updated + x.updated, invalid: s.invalid + x.invalid }),
    { added: 0, updated: 0, invalid: 0 },
  );
}

type T = ReturnType<typeof useTranslation<['csrd', 'common']>>['t'];

/**
 * Indicator management of a report (seed 001 §2): the Excel template to fill, the upload with
 * added, updated and invalid rows per sheet and the warning on invalid rows, and the import history
 * (10 per page, newest first; seed 001 §9).
 */
export function CsrdIndicatorsPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const navigate = useNavigate();
  const report = useQuery(queryOptions('getCsrdReport', { params: { id } }));
  const [result, setResult] = useState<ExcelImport | null>(null);
  const history = useEntityList<ExcelImport>({
    table: 'csrd-imports',
    pageSize: 10,
    source: ({ page, limit }) =>
      // The server answers newest first (seed 001 §9: imports sorted by uploadedAt descending).
      queryOptions('csrdExcelImports', { query: { page, limit, report: id } }) as ListSource<ExcelImport>,
  });
  const columns = useMemo(() => importColumns(t, lang), [t, lang]);
  const r = report.data;
  const title = r ? t('indicators.titleOf', { year: r.year }) : t('indicators.title');
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('indicators.subtitle')}
        actions={
          r && (
            <Button
              onClick={() =>
                void navigate({ to: '/csrd-report/$id/$category/$scope', params: { id, ...firstTopicOf(r) } })
              }
              startIcon={<ArrowBack />}
              variant="outlined"
            >
              {t('indicators.toReport')}
            </Button>
          )
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          mb: 3,
        }}
      >
        <SectionCard title={t('indicators.templateTitle')} description={t('indicators.templateText')}>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void downloadOrNotify(call('csrdReportExcelTemplate', { params: { id } }))}
            data-testid="indicators-template"
          >
            {t('indicators.download')}
          </Button>
        </SectionCard>
        <UploadCard
          id={id}
          canUpload={can(me, 'uploadCsrdIndicators') && !r?.deletedAt}
          onResult={setResult}
        />
      </Box>
      {result && (
        <Box sx={{ mb: 3 }}>
          <SectionCard title={t('indicators.resultTitle', { file: result.fileName })}>
            <ImportResult result={result} />
          </SectionCard>
        </Box>
      )}
      <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
        {t('indicators.history')}
      </Typography>
      <EntityListPage
        list={history}
        label={t('indicators.history')}
        testId="indicators-history"
        columns={columns}
        empty={<Typography color="text.secondary">{t('indicators.historyEmpty')}</Typography>}
      />
    </>
  );
}

/** The history's columns: when, which file, by whom, and the rows added, updated and invalid. */
function importColumns(t: T, lang: Language): GridColDef<ExcelImport>[] {
  return [
    {
      field: 'uploadedAt',
      headerName: t('indicators.uploadedAt'),
      width: 180,
      sortable: false,
      valueFormatter: (v: string) => formatDateTime(v, lang),
    },
    { field: 'fileName', headerName: t('indicators.file'), flex: 1, minWidth: 180, sortable: false },
    {
      field: 'uploadedByName',
      headerName: t('indicators.uploadedBy'),
      width: 180,
      sortable: false,
      valueFormatter: (v: string | null) => v ?? '–',
    },
    ...(['added', 'updated', 'invalid'] as const).map((k): GridColDef<ExcelImport> => ({
      field: k,
      headerName: t(`import.${k}`),
      width: 120,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_v, row) => totalsOf(row)[k],
      valueFormatter: (v: number) => formatNumber(v, lang, 0),
    })),
  ];
}

/** The filled template's upload with its progress; the import's result goes to the page. */
function UploadCard({
  id,
  canUpload,
  onResult,
}: {
  id: string;
  canUpload: boolean;
  onResult: (result: ExcelImport) => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploadRun = useApiMutation({
    mutate: () =>
      // The rows are read and written by an import job; its result is the import record.
      settleImport<ExcelImport>(
        upload('uploadCsrdIndicators', file!, { params: { id }, onProgress: setProgress }),
      ).finally(() => setProgress(null)),
    invalidate: REPORT_KEYS,
    success: (r) => {
      const sum = totalsOf(r);
      return {
        message: t('indicators.uploaded', sum),
        severity: sum.invalid > 0 ? 'warning' : 'success',
      };
    },
    onSuccess: (r) => {
      onResult(r);
      setFile(null);
    },
  });
  return (
    <SectionCard title={t('indicators.uploadTitle')} description={t('indicators.uploadText')}>
      {canUpload ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <FilePick file={file} onFile={setFile} testId="indicators-file" />
          <Box>
            <Button
              variant="contained"
              disabled={!file || uploadRun.busy}
              onClick={() => void uploadRun.run()}
              data-testid="indicators-upload"
            >
              {t('indicators.upload')}
            </Button>
          </Box>
          {progress !== null && <ImportProgress progress={progress} />}
          {uploadRun.error && (
            <Typography color="error" role="alert" data-testid="indicators-error">
              {uploadRun.error}
            </Typography>
          )}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('indicators.readOnly')}
        </Typography>
      )}
    </SectionCard>
  );
}
