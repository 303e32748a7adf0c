import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { Source } from '@klimadesk/contract/emission-db/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import {
  CreateButton,
  EntityListPage,
  deleteAction,
  editAction,
  useEntityList,
  type ListSource,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { formatNumber } from '../../components/format.ts';
import { SOURCE_KEYS, SourceDialog, SourceVersionsDialog } from './SourceDialogs.tsx';

/** Name (with its details), web address, licence, and the number of editions and factors. */
function sourceColumns(t: TFunction, lang: Language): GridColDef<Source>[] {
  return [
    {
      field: 'name',
      headerName: t('sources.columns.name'),
      flex: 1.3,
      minWidth: 220,
      sortable: false,
      renderCell: ({ row }) => (
        <div>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.name}
            {row.isCustom && (
              <Chip size="small" variant="outlined" color="secondary" label={t('custom')} sx={{ ml: 1 }} />
            )}
          </Typography>
          {row.details && (
            <Typography variant="caption" color="text.secondary">
              {row.details}
            </Typography>
          )}
        </div>
      ),
    },
    {
      field: 'url',
      headerName: t('sources.columns.url'),
      flex: 1,
      minWidth: 180,
      sortable: false,
      renderCell: ({ row }) =>
        row.url ? (
          <Link href={row.url} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
            {row.url.replace(/^https?:\/\//, '')}
          </Link>
        ) : (
          '–'
        ),
    },
    {
      field: 'licence',
      headerName: t('sources.columns.licence'),
      width: 180,
      sortable: false,
      valueFormatter: (v: string | null) => v ?? '–',
    },
    {
      field: 'versionCount',
      headerName: t('sources.columns.versions'),
      width: 100,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      valueFormatter: (v: number) => formatNumber(v, lang, 0),
    },
    {
      field: 'factorCount',
      headerName: t('sources.columns.factors'),
      width: 100,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
      valueFormatter: (v: number) => formatNumber(v, lang, 0),
    },
  ];
}

/**
 * The sources of the emission database (seed 002 §3 Source, §7 `/sources`): list, create, change
 * and delete; a source that factors or editions use answers `sourceInUse` (seed 002 §8), which the
 * confirm dialog shows.
 */
export function SourcesPage() {
  const { t } = useTranslation(['emissionDb', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const list = useEntityList<Source>({
    table: 'emission-sources',
    source: ({ page, limit, search }) =>
      queryOptions('sources', { query: { page, limit, term: search } }) as ListSource<Source>,
  });
  const [dialog, setDialog] = useState<{ source: Source | null } | null>(null);
  const [versionsOf, setVersionsOf] = useState<Source | null>(null);
  const remove = useConfirmedWrite<Source>({
    mutate: (s) => call('deleteSource', { params: { id: s.id } }),
    invalidate: SOURCE_KEYS,
    success: (_r, s) => t('sources.deleted', { name: s.name }),
    confirm: (s) => deleteConfirm(t('sources.deleteTitle'), t('sources.deleteText', { name: s.name })),
  });
  // Company users change only their own sources; the provider's are the platform admin's.
  const isPlatformAdmin = me.roles.includes('ROLE_SMP_ADMIN');
  const mayChange = (s: Source) => isPlatformAdmin || (s.isCustom && s.companyId === me.company.id);

  const columns = useMemo(() => sourceColumns(t, lang), [t, lang]);

  const canUpdate = can(me, 'updateSource');
  const canDelete = can(me, 'deleteSource');
  const rowActions = useMemo(
    () => ({
      header: t('sources.columns.actions'),
      width: 150,
      actions: (row: Source): RowAction[] => [
        {
          key: 'versions',
          label: t('sources.columns.versions'),
          aria: t('sources.versionsAria', { name: row.name }),
          icon: <HistoryEduOutlined fontSize="small" />,
          onClick: () => setVersionsOf(row),
        },
        ...(canUpdate && mayChange(row)
          ? [editAction(t('sources.editAria', { name: row.name }), () => setDialog({ source: row }))]
          : []),
        ...(canDelete && mayChange(row)
          ? [deleteAction(() => remove.ask(row), { aria: t('sources.deleteAria', { name: row.name }) })]
          : []),
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canUpdate, canDelete],
  );

  return (
    <EntityListPage
      list={list}
      title={t('sources.title')}
      subtitle={t('sources.subtitle')}
      actions={
        can(me, 'createSource') ? (
          <CreateButton
            label={t('sources.create')}
            onClick={() => setDialog({ source: null })}
            testId="source-create"
          />
        ) : undefined
      }
      search={{ label: t('sources.search') }}
      label={t('sources.tableLabel')}
      testId="source-table"
      columns={columns}
      rowActions={rowActions}
      empty={<Typography color="text.secondary">{t('sources.empty')}</Typography>}
    >
      {dialog && <SourceDialog source={dialog.source} onClose={() => setDialog(null)} />}
      {versionsOf && <SourceVersionsDialog source={versionsOf} onClose={() => setVersionsOf(null)} />}
      {remove.dialog}
    </EntityListPage>
  );
}
