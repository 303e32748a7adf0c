import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { ModuleCode } from '@klimadesk/contract/platform/roles';
import type { ReleaseVersion } from '@klimadesk/contract/releases/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import {
  EntityListPage,
  deleteAction,
  editAction,
  useEntityList,
  type ListSource,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { NotesDialog } from './NotesDialog.tsx';
import { RELEASE_KEYS, VersionDialog } from './VersionDialog.tsx';
import { formatReleaseDate } from './releasesFormat.ts';

const PAGE_SIZE = 20;

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
  const [publish, setPublish] = useState<ReleaseVersion | null>(null);
  const [remove, setRemove] = useState<ReleaseVersion | null>(null);
  const publication = useApiMutation<ReleaseVersion>({
    mutate: (v) => call('updateReleaseVersion', { params: { id: v.id }, body: { released: 1 } }),
    invalidate: RELEASE_KEYS,
    success: (_r, v) => t('notify.released', { version: v.version }),
    onSuccess: () => setPublish(null),
  });
  const removal = useApiMutation<ReleaseVersion>({
    mutate: (v) => call('deleteReleaseVersion', { params: { id: v.id } }),
    invalidate: RELEASE_KEYS,
    success: (_r, v) => t('notify.versionDeleted', { version: v.version }),
    onSuccess: () => setRemove(null),
  });

  const columns = useMemo<GridColDef<ReleaseVersion>[]>(
    () => [
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
    ],
    [t, lang],
  );

  const rowActions = useMemo(
    () => ({
      header: t('columns.actions'),
      width: 130,
      actions: (row: ReleaseVersion): RowAction[] => [
        {
          key: 'notes',
          label: t('actions.notes'),
          aria: t('actions.notesAria', { version: row.version }),
          icon: <NotesOutlined fontSize="small" />,
          onClick: () => setNotes(row),
          testId: `release-notes-${row.version}`,
        },
        editAction(t('actions.editAria', { version: row.version }), () => setDialog({ version: row })),
        {
          key: 'release',
          label: t('actions.release'),
          icon: <NewReleasesOutlined fontSize="small" />,
          onClick: () => setPublish(row),
          inMenu: true,
          disabled: row.released === 1,
          testId: `release-publish-${row.version}`,
        },
        {
          ...deleteAction(() => setRemove(row), {
            aria: t('actions.deleteAria', { version: row.version }),
            inMenu: true,
          }),
          disabled: row.notes > 0,
        },
      ],
      moreAria: (row: ReleaseVersion) => t('actions.moreAria', { version: row.version }),
    }),
    [t],
  );

  return (
    <EntityListPage
      list={list}
      title={t(module ? 'page.cfcTitle' : 'page.title')}
      subtitle={t('page.subtitle')}
      actions={
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setDialog({ version: null })}
          data-testid="release-version-create"
        >
          {t('page.create')}
        </Button>
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
      {publish && (
        <ConfirmDialog
          danger={false}
          title={t('releaseConfirm.title', { version: publish.version })}
          text={t('releaseConfirm.text', { version: publish.version })}
          confirmLabel={t('actions.release')}
          onClose={() => setPublish(null)}
          onConfirm={() => publication.runOrThrow(publish).then(() => undefined)}
        />
      )}
      {remove && (
        <ConfirmDialog
          title={t('deleteConfirm.title')}
          text={t('deleteConfirm.text', { version: remove.version })}
          confirmLabel={t('common:actions.delete')}
          onClose={() => setRemove(null)}
          onConfirm={() => removal.runOrThrow(remove).then(() => undefined)}
        />
      )}
    </EntityListPage>
  );
}
