import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TAG_GROUP_PAGE_SIZE, type TagGroup } from '@klimadesk/contract/tags/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { notify } from '../../components/notify.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useTableState } from '../../components/tableState.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { TagChip, TagGroupDialog } from './TagGroupDialog.tsx';
import { SearchField } from '../../components/SearchField.tsx';

const KEY = ['tagGroups'] as const;

/** Tag groups with their colour and tags; freight users keep them, read-only users look. */
export function TagGroupsPage() {
  const { t } = useTranslation(['tags', 'common']);
  const me = useMe();
  const canWrite = can(me, 'createTagGroup');
  const qc = useQueryClient();
  const state = useTableState('tag-groups', {
    pageSize: TAG_GROUP_PAGE_SIZE,
    sort: [{ field: 'name', sort: 'asc' }],
  });
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const [dialog, setDialog] = useState<{ group: TagGroup | null } | null>(null);
  const [remove, setRemove] = useState<TagGroup | null>(null);
  const params = { ...state.query, search: term || undefined };
  const { data, isFetching } = useQuery({
    ...queryOptions('tagGroups', { query: params }),
    placeholderData: keepPreviousData,
  });
  const reload = () => qc.invalidateQueries({ queryKey: KEY });

  const columns = useMemo<GridColDef<TagGroup>[]>(
    () => [
      {
        field: 'name',
        headerName: t('columns.name'),
        flex: 1,
        minWidth: 180,
        renderCell: ({ row }) => (
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
        ),
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
      {
        field: 'actions',
        headerName: t('columns.actions'),
        width: 110,
        sortable: false,
        resizable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) =>
          canWrite ? (
            <Box>
              <Tooltip title={t('common:actions.edit')}>
                <IconButton
                  size="small"
                  aria-label={t('actions.editAria', { name: row.name })}
                  onClick={() => setDialog({ group: row })}
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('common:actions.delete')}>
                <IconButton
                  size="small"
                  aria-label={t('actions.deleteAria', { name: row.name })}
                  onClick={() => setRemove(row)}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ) : null,
      },
    ],
    [t, canWrite],
  );

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={
          canWrite && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setDialog({ group: null })}
              data-testid="tag-group-create"
            >
              {t('page.create')}
            </Button>
          )
        }
      />
      <Box sx={{ mb: 2 }}>
        <SearchField
          label={t('page.search')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            state.setPage(0);
          }}
          fullWidth
        />
      </Box>
      <DataTable
        label={t('page.tableLabel')}
        columns={columns}
        rows={data?.['hydra:member'] ?? []}
        rowCount={data?.['hydra:totalItems'] ?? 0}
        loading={isFetching}
        state={state}
        testId="tag-group-table"
      />
      {dialog && (
        <TagGroupDialog
          group={dialog.group}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            notify(t(dialog.group ? 'notify.saved' : 'notify.created', { name: saved.name }), 'success', {
              log: true,
            });
            setDialog(null);
            void reload();
          }}
        />
      )}
      {remove && (
        <ConfirmDialog
          title={t('deleteTitle')}
          text={t('deleteText', { name: remove.name })}
          confirmLabel={t('common:actions.delete')}
          onClose={() => setRemove(null)}
          onConfirm={async () => {
            await call('deleteTagGroup', { params: { id: remove.id } });
            notify(t('notify.deleted', { name: remove.name }), 'success', { log: true });
            setRemove(null);
            void reload();
          }}
        />
      )}
    </>
  );
}
