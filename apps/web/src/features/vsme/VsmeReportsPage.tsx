import { useMemo, useState } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VsmeReportListItem } from '@klimadesk/contract/vsme/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import {
  CreateButton,
  EntityListPage,
  deleteAction,
  useEntityList,
  type ListSource,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { formatDateTime } from '../../components/format.ts';
import { notify } from '../../components/notify.ts';
import { RouterLink } from '../../components/RouterLink.tsx';
import { VSME_KEYS, VsmeCreateDialog } from './VsmeDialogs.tsx';

/** Filled over applicable datapoints of the disclosures the report includes (not-applicable ones count as done). */
export function totalProgress(r: Pick<VsmeReportListItem, 'completeness'>) {
  const included = r.completeness.filter((c) => c.included && !c.notApplicable);
  const applicable = included.reduce((n, c) => n + c.applicable, 0);
  const filled = included.reduce((n, c) => n + c.filled, 0);
  return { filled, applicable, share: applicable ? filled / applicable : 1 };
}

/** The list's columns: year (a link), option, completeness bar, identifier, last change. */
function useReportColumns() {
  const { t } = useTranslation('vsme');
  const lang = currentLanguage();
  return useMemo<GridColDef<VsmeReportListItem>[]>(
    () => [
      {
        field: 'year',
        headerName: t('list.year'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <RouterLink
            to="/vsme-report/$id"
            params={{ id: row.id }}
            sx={{ fontWeight: 600 }}
            data-testid={`vsme-open-${row.year}`}
          >
            {row.year}
          </RouterLink>
        ),
      },
      {
        field: 'comprehensive',
        headerName: t('list.option'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueFormatter: (v: boolean) => t(v ? 'list.optionB' : 'list.optionA'),
      },
      {
        field: 'completeness',
        headerName: t('list.completeness'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) => {
          const p = totalProgress(row);
          return (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', width: '100%' }}>
              <LinearProgress
                variant="determinate"
                value={p.share * 100}
                sx={{ flex: 1, height: 6, borderRadius: 3 }}
              />
              <Typography variant="body2">
                {t('report.filled', { filled: p.filled, applicable: p.applicable })}
              </Typography>
            </Box>
          );
        },
      },
      {
        field: 'identifier',
        headerName: t('list.identifier'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        valueGetter: (_v, row) =>
          row.identifier ? `${row.identifierScheme.toUpperCase()} ${row.identifier}` : '–',
      },
      {
        field: 'updatedAt',
        headerName: t('list.updated'),
        width: 160,
        sortable: false,
        valueFormatter: (v: string) => formatDateTime(v, lang),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang],
  );
}

/** The company's VSME reports (issue 40): one per year, with option, identifier and completeness. */
export function VsmeReportsPage() {
  const { t } = useTranslation(['vsme', 'common']);
  const me = useMe();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const list = useEntityList<VsmeReportListItem>({
    table: 'vsme-reports',
    source: ({ page, limit }) =>
      queryOptions('vsmeReports', { query: { page, limit } }) as ListSource<VsmeReportListItem>,
  });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<VsmeReportListItem | null>(null);
  const canWrite = can(me, 'createVsmeReport');
  const open = (id: string) => void navigate({ to: '/vsme-report/$id', params: { id } });

  const columns = useReportColumns();

  const rowActions = useMemo(
    () => ({
      header: '',
      width: 110,
      actions: (row: VsmeReportListItem): RowAction[] => [
        {
          key: 'open',
          label: t('list.open'),
          aria: t('list.openAria', { year: row.year }),
          icon: <OpenInNewOutlined fontSize="small" />,
          onClick: () => open(row.id),
        },
        ...(canWrite ? [deleteAction(() => setDeleting(row), { inMenu: true })] : []),
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canWrite],
  );

  return (
    <EntityListPage
      list={list}
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={
        canWrite && (
          <CreateButton label={t('list.create')} onClick={() => setCreating(true)} testId="vsme-create" />
        )
      }
      label={t('list.tableLabel')}
      testId="vsme-table"
      columns={columns}
      rowActions={rowActions}
      empty={<Typography color="text.secondary">{t('list.empty')}</Typography>}
    >
      {creating && <VsmeCreateDialog onClose={() => setCreating(false)} onCreated={(r) => open(r.id)} />}
      {deleting && (
        <ConfirmDialog
          title={t('list.deleteTitle', { year: deleting.year })}
          text={t('list.deleteText')}
          confirmLabel={t('common:actions.delete')}
          danger
          onConfirm={async () => {
            await call('deleteVsmeReport', { params: { id: deleting.id } });
            notify(t('list.deleted', { year: deleting.year }), 'success', { log: true });
            for (const queryKey of VSME_KEYS) void qc.invalidateQueries({ queryKey });
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </EntityListPage>
  );
}
