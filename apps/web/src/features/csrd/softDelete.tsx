import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import RestoreFromTrashOutlined from '@mui/icons-material/RestoreFromTrashOutlined';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { deleteAction, type RowAction, type RowActions } from '../../components/EntityListPage.tsx';
import { DeletionChip } from './DeletionChip.tsx';

type Deletable = GridValidRowModel & { id: string; deletedAt: string | null };

/**
 * Delete and restore of the analyses and reports lists (seed 001 §4: deletion sets deletedAt to now
 * plus one day, the row can be restored until then). `kind` is the text group and test id prefix
 * (`analysis.deleteTitle`, `report-restore-2024`); `named` gives the row's values for the texts and
 * `key` its part of the test ids.
 */
export function useSoftDelete<T extends Deletable>({
  kind,
  named,
  key,
  mark,
  invalidate,
  canWrite,
}: {
  kind: 'analysis' | 'report';
  named: (row: T) => Record<string, string | number>;
  key: (row: T) => string | number;
  /** Sets or clears the mark: `deletedAt` is now, or null to restore. */
  mark: (row: T, deletedAt: string | null) => Promise<unknown>;
  invalidate: readonly (readonly unknown[])[];
  canWrite: boolean;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const remove = useConfirmedWrite<T>({
    mutate: (row) => mark(row, new Date().toISOString()),
    invalidate,
    success: (_r, row) => t(`${kind}.deleted`, named(row)),
    confirm: (row) => deleteConfirm(t(`${kind}.deleteTitle`), t(`${kind}.deleteText`, named(row))),
  });
  const restore = useConfirmedWrite<T>({
    mutate: (row) => mark(row, null),
    invalidate,
    success: (_r, row) => t(`${kind}.restored`, named(row)),
    confirm: (row) => ({
      title: t(`${kind}.restoreTitle`),
      text: t(`${kind}.restoreText`, named(row)),
      confirmLabel: t('analysis.restore'),
      danger: false,
    }),
  });
  const statusColumn: GridColDef<T> = {
    field: 'deletedAt',
    headerName: t('analysis.status'),
    width: 200,
    sortable: false,
    renderCell: ({ row }) => <DeletionChip deletedAt={row.deletedAt} />,
  };
  return {
    statusColumn,
    /**
     * The row actions of the list: a marked row offers only the restore, an active one its own
     * `actions` followed by the delete in the row menu (restore and delete for writers only).
     */
    rowActions: ({ width, actions }: { width: number; actions: (row: T) => RowAction[] }): RowActions<T> => ({
      header: t('analysis.actions'),
      width,
      actions: (row) => {
        if (row.deletedAt)
          return canWrite
            ? [
                {
                  key: 'restore',
                  label: t('analysis.restore'),
                  aria: t(`${kind}.restoreAria`, named(row)),
                  icon: <RestoreFromTrashOutlined fontSize="small" />,
                  onClick: () => restore.ask(row),
                  testId: `${kind}-restore-${key(row)}`,
                },
              ]
            : [];
        const own = actions(row);
        return canWrite
          ? [
              ...own,
              deleteAction(() => remove.ask(row), {
                aria: t(`${kind}.deleteAria`, named(row)),
                inMenu: true,
              }),
            ]
          : own;
      },
      moreAria: (row) => t(`${kind}.moreAria`, named(row)),
    }),
    dialogs: (
      <>
        {remove.dialog}
        {restore.dialog}
      </>
    ),
  };
}

/** The name cell of a row: its link, or grey text while the row is marked for deletion. */
export function NameOrLink({ deleted, name, link }: { deleted: boolean; name: ReactNode; link: ReactNode }) {
  return deleted ? (
    <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.disabled' }}>
      {name}
    </Typography>
  ) : (
    link
  );
}
