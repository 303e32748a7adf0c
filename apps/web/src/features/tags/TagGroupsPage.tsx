import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TAG_GROUP_PAGE_SIZE, type TagGroup } from '@klimadesk/contract/tags/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
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
import { TagChip, TagGroupDialog } from './TagGroupDialog.tsx';

/** The group's name after a dot of its colour. */
function NameCell({ row }: { row: TagGroup }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        aria-hidden
        sx={{
          width: 16,
          height: 16,
          borderRadius: '50%',
          bgcolor: row.colorCode,
          border: 1,
          borderColor: 'divider',
          flexShrink: 0,
        }}
      />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {row.name}
      </Typography>
    </Box>
  );
}

/** Name, colour code and the tags as chips in the group's colour. */
function tagGroupColumns(t: TFunction): GridColDef<TagGroup>[] {
  return [
    {
      field: 'name',
      headerName: t('columns.name'),
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => <NameCell row={row} />,
    },
    {
      field: 'colorCode',
      headerName: t('columns.colour'),
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {row.colorCode}
        </Typography>
      ),
    },
    {
      field: 'tags',
      headerName: t('columns.tags'),
      flex: 2,
      minWidth: 240,
      sortable: false,
      renderCell: ({ row }) =>
        row.tags.length ? (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {row.tags.map((tag) => (
              <TagChip key={tag.id} value={tag.value} colour={row.colorCode} />
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('noTags')}
          </Typography>
        ),
    },
  ];
}

/** Tag groups with their colour and tags; freight users keep them, read-only users look. */
export function TagGroupsPage() {
  const { t } = useTranslation(['tags', 'common']);
  const me = useMe();
  const canWrite = can(me, 'createTagGroup');
  const list = useEntityList<TagGroup>({
    table: 'tag-groups',
    pageSize: TAG_GROUP_PAGE_SIZE,
    sort: [{ field: 'name', sort: 'asc' }],
    source: (query) => queryOptions('tagGroups', { query }) as ListSource<TagGroup>,
  });
  const [dialog, setDialog] = useState<{ group: TagGroup | null } | null>(null);
  const remove = useConfirmedWrite<TagGroup>({
    mutate: (group) => call('deleteTagGroup', { params: { id: group.id } }),
    invalidate: [['tagGroups']],
    success: (_r, group) => t('notify.deleted', { name: group.name }),
    confirm: (group) => deleteConfirm(t('deleteTitle'), t('deleteText', { name: group.name })),
  });
  const { ask: askRemove } = remove;

  const columns = useMemo(() => tagGroupColumns(t), [t]);

  const rowActions = useMemo(
    () => ({
      header: t('columns.actions'),
      actions: (row: TagGroup): RowAction[] =>
        canWrite
          ? [
              editAction(t('actions.editAria', { name: row.name }), () => setDialog({ group: row })),
              deleteAction(() => askRemove(row), { aria: t('actions.deleteAria', { name: row.name }) }),
            ]
          : [],
    }),
    [t, canWrite, askRemove],
  );

  return (
    <EntityListPage
      list={list}
      title={t('page.title')}
      subtitle={t('page.subtitle')}
      actions={
        canWrite && (
          <CreateButton
            label={t('page.create')}
            onClick={() => setDialog({ group: null })}
            testId="tag-group-create"
          />
        )
      }
      search={{ label: t('page.search'), fullWidth: true }}
      label={t('page.tableLabel')}
      testId="tag-group-table"
      columns={columns}
      rowActions={rowActions}
    >
      {dialog && <TagGroupDialog group={dialog.group} onClose={() => setDialog(null)} />}
      {remove.dialog}
    </EntityListPage>
  );
}
