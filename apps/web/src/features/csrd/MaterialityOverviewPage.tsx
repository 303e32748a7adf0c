import { useMemo, useState } from 'react';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from '@tanstack/react-router';
import { RouterLink } from '../../components/RouterLink.tsx';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { MaterialityAnalysis } from '@klimadesk/contract/csrd/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { ChipsCell } from '../../components/DataTable.tsx';
import {
  CreateButton,
  EntityListPage,
  editAction,
  useEntityList,
  type ListSource,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { formatFigure, formatNumber } from '../../components/format.ts';
import { ANALYSIS_KEYS } from './csrdQueries.ts';
import { MaterialityDialog } from './MaterialityDialog.tsx';
import { exportAnalysis } from './MaterialityMatrix.tsx';
import { NameOrLink, useSoftDelete } from './softDelete.tsx';

type T = ReturnType<typeof useTranslation<['csrd', 'common']>>['t'];

/**
 * The materiality analyses of the company (seed 001 §2): list with create and edit, export, and
 * delete with restore within 24 hours (seed 001 §4: deletion sets deletedAt to now plus one day).
 */
export function MaterialityOverviewPage() {
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const navigate = useNavigate();
  const list = useEntityList<MaterialityAnalysis>({
    table: 'csrd-analyses',
    source: ({ page, limit }) =>
      queryOptions('materialityAnalyses', {
        query: { page, limit, withDeleted: 'true' },
      }) as ListSource<MaterialityAnalysis>,
  });
  const [dialog, setDialog] = useState<{ analysis: MaterialityAnalysis | null } | null>(null);
  const canWrite = can(me, 'updateMaterialityAnalysis');
  const softDelete = useSoftDelete<MaterialityAnalysis>({
    kind: 'analysis',
    named: (a) => ({ name: a.name }),
    key: (a) => a.name,
    mark: (a, deletedAt) => call('updateMaterialityAnalysis', { params: { id: a.id }, body: { deletedAt } }),
    invalidate: ANALYSIS_KEYS,
    canWrite,
  });

  const columns = useMemo(
    () => analysisColumns(t, lang, softDelete.statusColumn),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang],
  );

  const rowActions = useMemo(
    () =>
      softDelete.rowActions({
        width: 150,
        actions: (row: MaterialityAnalysis) =>
          analysisActions(t, row, {
            canWrite,
            onAssess: () => void navigate({ to: '/materiality/$id/inventory', params: { id: row.id } }),
            onEdit: () => setDialog({ analysis: row }),
          }),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canWrite],
  );

  return (
    <EntityListPage
      list={list}
      title={t('analysis.title')}
      subtitle={t('analysis.subtitle')}
      actions={
        can(me, 'createMaterialityAnalysis') ? (
          <CreateButton
            label={t('analysis.create')}
            onClick={() => setDialog({ analysis: null })}
            testId="analysis-create"
          />
        ) : undefined
      }
      label={t('analysis.tableLabel')}
      testId="analysis-table"
      columns={columns}
      rowActions={rowActions}
      empty={<Typography color="text.secondary">{t('analysis.empty')}</Typography>}
    >
      {dialog && (
        <MaterialityDialog
          analysis={dialog.analysis}
          onClose={() => setDialog(null)}
          onCreated={(a) => void navigate({ to: '/materiality/$id/inventory', params: { id: a.id } })}
        />
      )}
      {softDelete.dialogs}
    </EntityListPage>
  );
}

/** The list's columns: name (the way into the inventory), scale, threshold, entries, material topics, deletion state. */
function analysisColumns(
  t: T,
  lang: Language,
  statusColumn: GridColDef<MaterialityAnalysis>,
): GridColDef<MaterialityAnalysis>[] {
  return [
    {
      field: 'name',
      headerName: t('analysis.name'),
      flex: 1.4,
      minWidth: 220,
      sortable: false,
      renderCell: ({ row }) => (
        <NameOrLink
          deleted={!!row.deletedAt}
          name={row.name}
          link={
            <RouterLink
              to="/materiality/$id/inventory"
              params={{ id: row.id }}
              sx={{ fontWeight: 600 }}
              data-testid={`analysis-open-${row.name}`}
            >
              {row.name}
            </RouterLink>
          }
        />
      ),
    },
    {
      field: 'scale',
      headerName: t('analysis.scale'),
      width: 90,
      sortable: false,
      valueFormatter: (v: number) => t('analysis.scaleOption', { scale: v }),
    },
    {
      field: 'threshold',
      headerName: t('analysis.threshold'),
      width: 100,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      valueFormatter: (v: number) => formatFigure(v, lang, 2),
    },
    {
      field: 'iroEntryCount',
      headerName: t('analysis.entries'),
      width: 100,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      valueFormatter: (v: number) => formatNumber(v, lang, 0),
    },
    {
      field: 'results',
      headerName: t('analysis.materialTopics'),
      flex: 1.2,
      minWidth: 160,
      sortable: false,
      renderCell: ({ row }) => {
        const material = row.results.filter((r) => r.material);
        return material.length === 0 ? (
          '–'
        ) : (
          <ChipsCell
            py={0.5}
            chips={material.map((r) => ({
              key: r.scope,
              color: 'primary',
              variant: 'outlined',
              label: r.scope,
            }))}
          />
        );
      },
    },
    statusColumn,
  ];
}

/** An analysis's actions: assess, edit for writers, and the export in the menu. */
function analysisActions(
  t: T,
  row: MaterialityAnalysis,
  { canWrite, onAssess, onEdit }: { canWrite: boolean; onAssess: () => void; onEdit: () => void },
): RowAction[] {
  return [
    {
      key: 'assess',
      label: t('analysis.assess'),
      aria: t('analysis.assessAria', { name: row.name }),
      icon: <FactCheckOutlined fontSize="small" />,
      onClick: onAssess,
    },
    ...(canWrite ? [editAction(t('analysis.editAria', { name: row.name }), onEdit)] : []),
    {
      key: 'export',
      label: t('analysis.export'),
      aria: t('analysis.exportAria', { name: row.name }),
      icon: <FileDownloadOutlined fontSize="small" />,
      onClick: () => void exportAnalysis(row.id),
      inMenu: true,
    },
  ];
}
