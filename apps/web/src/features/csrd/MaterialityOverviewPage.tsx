import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from '@tanstack/react-router';
import { RouterLink } from '../../components/RouterLink.tsx';
import { useTranslation } from 'react-i18next';
import { DeletionChip } from './DeletionChip.tsx';
import type { MaterialityAnalysis } from '@klimadesk/contract/csrd/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { useConfirmedWrite } from '../../components/ConfirmDialog.tsx';
import {
  CreateButton,
  EntityListPage,
  deleteAction,
  editAction,
  useEntityList,
  type ListSource,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { notifyError } from '../../components/errors.ts';
import { downloadFile } from '../../components/files.ts';
import { formatFigure, formatNumber } from '../../components/format.ts';
import { ANALYSIS_KEYS } from './csrdQueries.ts';
import { MaterialityDialog } from './MaterialityDialog.tsx';

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
  const mark = (a: MaterialityAnalysis, deleted: boolean) =>
    call('updateMaterialityAnalysis', {
      params: { id: a.id },
      body: { deletedAt: deleted ? new Date().toISOString() : null },
    });
  const remove = useConfirmedWrite<MaterialityAnalysis>({
    mutate: (a) => mark(a, true),
    invalidate: ANALYSIS_KEYS,
    success: (_r, a) => t('analysis.deleted', { name: a.name }),
    confirm: (a) => ({
      title: t('analysis.deleteTitle'),
      text: t('analysis.deleteText', { name: a.name }),
      confirmLabel: t('common:actions.delete'),
    }),
  });
  const restore = useConfirmedWrite<MaterialityAnalysis>({
    mutate: (a) => mark(a, false),
    invalidate: ANALYSIS_KEYS,
    success: (_r, a) => t('analysis.restored', { name: a.name }),
    confirm: (a) => ({
      title: t('analysis.restoreTitle'),
      text: t('analysis.restoreText', { name: a.name }),
      confirmLabel: t('analysis.restore'),
      danger: false,
    }),
  });
  const exportAnalysis = async (a: MaterialityAnalysis) => {
    try {
      downloadFile(await call('exportMaterialityAnalysis', { params: { id: a.id } }));
    } catch (err) {
      notifyError(err);
    }
  };
  const canWrite = can(me, 'updateMaterialityAnalysis');

  const columns = useMemo<GridColDef<MaterialityAnalysis>[]>(
    () => [
      {
        field: 'name',
        headerName: t('analysis.name'),
        flex: 1.4,
        minWidth: 220,
        sortable: false,
        renderCell: ({ row }) =>
          row.deletedAt ? (
            <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.disabled' }}>
              {row.name}
            </Typography>
          ) : (
            <RouterLink
              to="/materiality/$id/inventory"
              params={{ id: row.id }}
              sx={{ fontWeight: 600 }}
              data-testid={`analysis-open-${row.name}`}
            >
              {row.name}
            </RouterLink>
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
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', py: 0.5 }}>
              {material.map((r) => (
                <Chip key={r.scope} size="small" color="primary" variant="outlined" label={r.scope} />
              ))}
            </Box>
          );
        },
      },
      {
        field: 'deletedAt',
        headerName: t('analysis.status'),
        width: 200,
        sortable: false,
        renderCell: ({ row }) => <DeletionChip deletedAt={row.deletedAt} />,
      },
    ],
    [t, lang],
  );

  const rowActions = useMemo(
    () => ({
      header: t('analysis.actions'),
      width: 150,
      actions: (row: MaterialityAnalysis): RowAction[] => {
        if (row.deletedAt)
          return canWrite
            ? [
                {
                  key: 'restore',
                  label: t('analysis.restore'),
                  aria: t('analysis.restoreAria', { name: row.name }),
                  icon: <RestoreFromTrashOutlined fontSize="small" />,
                  onClick: () => restore.ask(row),
                  testId: `analysis-restore-${row.name}`,
                },
              ]
            : [];
        return [
          {
            key: 'assess',
            label: t('analysis.assess'),
            aria: t('analysis.assessAria', { name: row.name }),
            icon: <FactCheckOutlined fontSize="small" />,
            onClick: () => void navigate({ to: '/materiality/$id/inventory', params: { id: row.id } }),
          },
          ...(canWrite
            ? [editAction(t('analysis.editAria', { name: row.name }), () => setDialog({ analysis: row }))]
            : []),
          {
            key: 'export',
            label: t('analysis.export'),
            aria: t('analysis.exportAria', { name: row.name }),
            icon: <FileDownloadOutlined fontSize="small" />,
            onClick: () => void exportAnalysis(row),
            inMenu: true,
          },
          ...(canWrite
            ? [
                deleteAction(() => remove.ask(row), {
                  aria: t('analysis.deleteAria', { name: row.name }),
                  inMenu: true,
                }),
              ]
            : []),
        ];
      },
      moreAria: (row: MaterialityAnalysis) => t('analysis.moreAria', { name: row.name }),
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
      {remove.dialog}
      {restore.dialog}
    </EntityListPage>
  );
}
