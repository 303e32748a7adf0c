import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import BubbleChartOutlined from '@mui/icons-material/BubbleChartOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from '@tanstack/react-router';
import { RouterLink } from '../../components/RouterLink.tsx';
import { useTranslation } from 'react-i18next';
import { CSRD_SCOPES, categoryOfScope } from '@klimadesk/contract/csrd/reference';
import type { CsrdReport } from '@klimadesk/contract/csrd/schemas';
import { call, callFile, can, queryOptions } from '../../app/client.ts';
import { saveBlob } from '../../components/files.ts';
import { notifyError } from '../../components/errors.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { ChipsCell } from '../../components/DataTable.tsx';
import {
  CreateButton,
  EntityListPage,
  useEntityList,
  type ListSource,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { downloadOrNotify } from '../../components/download.ts';
import { REPORT_KEYS } from './csrdQueries.ts';
import { ReportCreateDialog, ReportSettingsDialog } from './ReportDialogs.tsx';
import { ImportAnalysisDialog } from './ImportAnalysisDialog.tsx';
import { ReportSetupDialog } from './ReportSetupDialog.tsx';
import { ImportTemplateDialog } from './ReportImportDialogs.tsx';
import { NameOrLink, useSoftDelete } from './softDelete.tsx';

/** The first selected topic of a report, in ESRS order: where opening it leads. */
export function firstTopicOf(report: Pick<CsrdReport, 'categories'>) {
  const scope = CSRD_SCOPES.find((s) => report.categories.some((c) => c.id === s)) ?? 'ESRS 2';
  return { category: categoryOfScope(scope), scope };
}

/** Downloads the PDF of a report (seed 001 §7: base64 data and file name). */
export const downloadReportPdf = (id: string) =>
  downloadOrNotify(call('exportCsrdReport', { params: { id } }));

/** Downloads the report's E1 climate figures as Inline XBRL (a file; refused while a fact fails the check). */
export async function downloadReportIxbrl(id: string, year: number) {
  try {
    const { blob, fileName } = await callFile('csrdReportIxbrl', { params: { id } });
    saveBlob(blob, fileName ?? `ESRS-E1-${year}.xhtml`);
  } catch (err) {
    notifyError(err);
  }
}

type T = ReturnType<typeof useTranslation<['csrd', 'common']>>['t'];

type OverviewDialog =
  | { kind: 'create' }
  | { kind: 'settings'; report: CsrdReport }
  | { kind: 'setup'; report: CsrdReport }
  | { kind: 'template'; report: CsrdReport | null }
  | { kind: 'analysis'; report: CsrdReport | null };

/**
 * The CSRD reports of the company (seed 001 §2 /csrd-report/overview): add a report of a year from
 * an analysis, import a template or an analysis, delete and restore within 24 hours, download the
 * PDF and open the settings.
 */
export function CsrdReportOverviewPage() {
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const navigate = useNavigate();
  const list = useEntityList<CsrdReport>({
    table: 'csrd-reports',
    source: ({ page, limit }) =>
      queryOptions('csrdReports', { query: { page, limit, withDeleted: 'true' } }) as ListSource<CsrdReport>,
  });
  const [dialog, setDialog] = useState<OverviewDialog | null>(null);
  const canWrite = can(me, 'updateCsrdReportScopes');
  const softDelete = useSoftDelete<CsrdReport>({
    kind: 'report',
    named: (r) => ({ year: r.year }),
    key: (r) => r.year,
    mark: (r, deletedAt) => call('updateCsrdReport', { params: { id: r.id }, body: { deletedAt } }),
    invalidate: REPORT_KEYS,
    canWrite,
  });
  const canImport = can(me, 'importCsrdReport');
  const open = (r: CsrdReport) =>
    void navigate({ to: '/csrd-report/$id/$category/$scope', params: { id: r.id, ...firstTopicOf(r) } });

  const columns = useMemo(
    () => reportColumns(t, softDelete.statusColumn),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang],
  );

  const rowActions = useMemo(
    () =>
      softDelete.rowActions({
        width: 170,
        actions: (row: CsrdReport) =>
          reportActions(t, row, {
            canWrite,
            canImport,
            onIndicators: () => void navigate({ to: '/csrd-report/$id/indicators', params: { id: row.id } }),
            setDialog,
          }),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canWrite, canImport],
  );

  return (
    <EntityListPage
      list={list}
      title={t('report.title')}
      subtitle={t('report.subtitle')}
      actions={
        <OverviewActions
          canImport={canImport}
          canCreate={can(me, 'createCsrdReport')}
          setDialog={setDialog}
        />
      }
      label={t('report.tableLabel')}
      testId="report-table"
      columns={columns}
      rowActions={rowActions}
      empty={<Typography color="text.secondary">{t('report.empty')}</Typography>}
    >
      {dialog && <ReportOverviewDialog dialog={dialog} onClose={() => setDialog(null)} onCreated={open} />}
      {softDelete.dialogs}
    </EntityListPage>
  );
}

/** The list's columns: the year (the way into the report), its analysis, its topics and its deletion state. */
function reportColumns(t: T, statusColumn: GridColDef<CsrdReport>): GridColDef<CsrdReport>[] {
  return [
    {
      field: 'year',
      headerName: t('report.year'),
      width: 120,
      sortable: false,
      renderCell: ({ row }) => (
        <NameOrLink
          deleted={!!row.deletedAt}
          name={row.year}
          link={
            <RouterLink
              to="/csrd-report/$id/$category/$scope"
              params={{ id: row.id, ...firstTopicOf(row) }}
              sx={{ fontWeight: 600 }}
              data-testid={`report-open-${row.year}`}
            >
              {row.year}
            </RouterLink>
          }
        />
      ),
    },
    {
      field: 'materialityAnalysisName',
      headerName: t('report.analysis'),
      flex: 1,
      minWidth: 180,
      sortable: false,
      valueFormatter: (v: string | null) => v ?? '–',
    },
    {
      field: 'categories',
      headerName: t('report.topics'),
      flex: 1.5,
      minWidth: 240,
      sortable: false,
      renderCell: ({ row }) => (
        <ChipsCell
          py={0.5}
          chips={row.categories.map((c) => ({
            key: c.id,
            label: c.id,
            color: c.mandatory ? 'primary' : 'default',
            variant: c.mandatory ? 'filled' : 'outlined',
            title: c.mandatory ? t('report.mandatory') : undefined,
          }))}
        />
      ),
    },
    statusColumn,
  ];
}

/** A report's actions: indicators and PDF; settings and set-up for writers; the imports in the menu. */
function reportActions(
  t: T,
  row: CsrdReport,
  {
    canWrite,
    canImport,
    onIndicators,
    setDialog,
  }: {
    canWrite: boolean;
    canImport: boolean;
    onIndicators: () => void;
    setDialog: (dialog: OverviewDialog) => void;
  },
): RowAction[] {
  return [
    {
      key: 'indicators',
      label: t('report.indicators'),
      aria: t('report.indicatorsAria', { year: row.year }),
      icon: <TableViewOutlined fontSize="small" />,
      onClick: onIndicators,
      testId: `report-indicators-${row.year}`,
    },
    {
      key: 'pdf',
      label: t('report.pdf'),
      aria: t('report.pdfAria', { year: row.year }),
      icon: <PictureAsPdfOutlined fontSize="small" />,
      onClick: () => void downloadReportPdf(row.id),
      testId: `report-pdf-${row.year}`,
    },
    {
      key: 'ixbrl',
      label: t('report.ixbrl'),
      aria: t('report.ixbrlAria', { year: row.year }),
      icon: <CodeOutlined fontSize="small" />,
      onClick: () => void downloadReportIxbrl(row.id, row.year),
      testId: `report-ixbrl-${row.year}`,
    },
    ...(canWrite
      ? [
          {
            key: 'settings',
            label: t('report.settings'),
            icon: <SettingsOutlined fontSize="small" />,
            onClick: () => setDialog({ kind: 'settings', report: row }),
            inMenu: true,
          },
          {
            key: 'setup',
            label: t('reliefs.setup'),
            icon: <TuneOutlined fontSize="small" />,
            onClick: () => setDialog({ kind: 'setup', report: row }),
            inMenu: true,
            testId: `report-setup-${row.year}`,
          },
        ]
      : []),
    ...(canImport
      ? [
          {
            key: 'template',
            label: t('import.templateTitle'),
            icon: <UploadFileOutlined fontSize="small" />,
            onClick: () => setDialog({ kind: 'template', report: row }),
            inMenu: true,
          },
          {
            key: 'analysis',
            label: t('import.analysisTitle'),
            icon: <BubbleChartOutlined fontSize="small" />,
            onClick: () => setDialog({ kind: 'analysis', report: row }),
            inMenu: true,
          },
        ]
      : []),
  ];
}

/** The imports of a template or an analysis into a new report, and the new report. */
function OverviewActions({
  canImport,
  canCreate,
  setDialog,
}: {
  canImport: boolean;
  canCreate: boolean;
  setDialog: (dialog: OverviewDialog) => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  return (
    <>
      {canImport && (
        <>
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            onClick={() => setDialog({ kind: 'template', report: null })}
            data-testid="report-import-template"
          >
            {t('import.template')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<BubbleChartOutlined />}
            onClick={() => setDialog({ kind: 'analysis', report: null })}
            data-testid="report-import-analysis"
          >
            {t('import.analysis')}
          </Button>
        </>
      )}
      {canCreate && (
        <CreateButton
          label={t('report.create')}
          onClick={() => setDialog({ kind: 'create' })}
          testId="report-create"
        />
      )}
    </>
  );
}

function ReportOverviewDialog({
  dialog,
  onClose,
  onCreated,
}: {
  dialog: OverviewDialog;
  onClose: () => void;
  onCreated: (report: CsrdReport) => void;
}) {
  switch (dialog.kind) {
    case 'create':
      return <ReportCreateDialog onClose={onClose} onCreated={onCreated} />;
    case 'settings':
      return <ReportSettingsDialog report={dialog.report} onClose={onClose} />;
    case 'setup':
      return <ReportSetupDialog report={dialog.report} onClose={onClose} />;
    case 'template':
      return <ImportTemplateDialog report={dialog.report} onClose={onClose} />;
    case 'analysis':
      return <ImportAnalysisDialog report={dialog.report} onClose={onClose} />;
  }
}
