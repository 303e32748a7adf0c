import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { ModuleCode } from '@klimadesk/contract/platform/roles';
import type { ReleaseVersion } from '@klimadesk/contract/releases/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
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
import { NotesDialog } from './NotesDialog.tsx';
import { RELEASE_KEYS, VersionDialog } from './VersionDialog.tsx';
import { formatReleaseDate } from './releasesFormat.ts';

const PAGE_SIZE = 20;

/** Version, release date, status and the number of notes. */
function versionColumns(t: TFunction, lang: Language): GridColDef<ReleaseVersion>[] {
  return [
    {
      field: 'version',
      headerName: t('columns.version'),
      flex: 1,
      minWidth: 120,
      sortable: false,
      renderCell: ({ row }) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.version}
        </Typography>
      ),
    },
    {
      field: 'releaseDate',
      headerName: t('columns.releaseDate'),
      width: 150,
      sortable: false,
      valueGetter: (_v, row) => formatReleaseDate(row.releaseDate, lang),
    },
    {
      field: 'released',
      headerName: t('columns.status'),
      width: 170,
      sortable: false,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.released ? 'success' : 'warning'}
          label={t(row.released ? 'status.released' : 'status.unreleased')}
        />
      ),
    },
    {
      field: 'notes',
      headerName: t('columns.notes'),
      width: 110,
      sortable: false,
      align: 'right',
      headerAlign: 'right',
    },
  ];
}

/** Notes and edit of a version; release (never back) and delete (without notes only) in the menu. */
function versionActions(
  t: TFunction,
  row: ReleaseVersion,
  a: {
    onNotes: () => void;
    onEdit: () => void;
    onPublish: () => void;
    onRemove: () => void;
  },
): RowAction[] {
  return [
    {
      key: 'notes',
      label: t('actions.notes'),
      aria: t('actions.notesAria', { version: row.version }),
      icon: <NotesOutlined fontSize="small" />,
      onClick: a.onNotes,
      testId: `release-notes-${row.version}`,
    },
    editAction(t('actions.editAria', { version: row.version }), a.onEdit),
    {
      key: 'release',
      label: t('actions.release'),
      icon: <NewReleasesOutlined fontSize="small" />,
      onClick: a.onPublish,
      inMenu: true,
      disabled: row.released === 1,
      testId: `release-publish-${row.version}`,
    },
    {
      ...deleteAction(a.onRemove, {
        aria: t('actions.deleteAria', { version: row.version }),
        inMenu: true,
      }),
      disabled: row.notes > 0,
    },
  ];
}

/** Release a version and delete one, each after a confirmation. */
function useVersionWrites() {
  const { t } = useTranslation(['releases', 'common']);
  const publish = useConfirmedWrite<ReleaseVersion>({
    mutate: (v) => call('updateReleaseVersion', { params: { id: v.id }, body: { released: 1 } }),
    invalidate: RELEASE_KEYS,
    success: (_r, v) => t('notify.released', { version: v.version }),
    confirm: (v) => ({
      danger: false,
      title: t('releaseConfirm.title', { version: v.version }),
      text: t('releaseConfirm.text', { version: v.version }),
      confirmLabel: t('actions.release'),
    }),
  });
  const remove = useConfirmedWrite<ReleaseVersion>({
    mutate: (v) => call('deleteReleaseVersion', { params: { id: v.id } }),
    invalidate: RELEASE_KEYS,
    success: (_r, v) => t('notify.versionDeleted', { version: v.version }),
    confirm: (v) => deleteConfirm(t('deleteConfirm.title'), t('deleteConfirm.text', { version: v.version })),
  });
  return { publish, remove };
}

/**
 * The release list of the platform admin (seed 002 §2): versions newest first with their notes per
 * module; create and change versions, release them (never back), delete those without notes.
 * `/cfc/releases` edits the carbon footprint module's notes only.
 */
export function ReleaseListPage({ module }: { module?: ModuleCode } = {}) {
  const { t } = useTranslation(['releases', 'common']);
  const lang = currentLanguage();
  const list = useEntityList<ReleaseVersion>({
    table: module ? `release-versions-${module}` : 'release-versions',
    pageSize: PAGE_SIZE,
    // The API sorts by version number itself; the table sends page and size only.
    source: ({ page, limit }) =>
      queryOptions('releaseVersions', { query: { page, limit } }) as ListSource<ReleaseVersion>,
  });
  const [dialog, setDialog] = useState<{ version: ReleaseVersion | null } | null>(null);
  const [notes, setNotes] = useState<ReleaseVersion | null>(null);
  const { publish, remove } = useVersionWrites();
  const { ask: askPublish } = publish;
  const { ask: askRemove } = remove;
  const columns = useMemo(() => versionColumns(t, lang), [t, lang]);

  const rowActions = useMemo(
    () => ({
      header: t('columns.actions'),
      width: 130,
      actions: (row: ReleaseVersion): RowAction[] =>
        versionActions(t, row, {
          onNotes: () => setNotes(row),
          onEdit: () => setDialog({ version: row }),
          onPublish: () => askPublish(row),
          onRemove: () => askRemove(row),
        }),
      moreAria: (row: ReleaseVersion) => t('actions.moreAria', { version: row.version }),
    }),
    [t, askPublish, askRemove],
  );

  return (
    <EntityListPage
      list={list}
      title={t(module ? 'page.cfcTitle' : 'page.title')}
      subtitle={t('page.subtitle')}
      actions={
        <CreateButton
          label={t('page.create')}
          onClick={() => setDialog({ version: null })}
          testId="release-version-create"
        />
      }
      label={t('page.tableLabel')}
      testId="release-table"
      columns={columns}
      rowActions={rowActions}
      empty={t('page.empty')}
    >
      {dialog && <VersionDialog version={dialog.version} onClose={() => setDialog(null)} />}
      {notes && (
        <NotesDialog version={notes} modules={module ? [module] : undefined} onClose={() => setNotes(null)} />
      )}
      {publish.dialog}
      {remove.dialog}
    </EntityListPage>
  );
}
