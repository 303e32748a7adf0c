import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import { CreateButton } from './EntityListPage.tsx';
import { ViewDialog } from './ViewDialog.tsx';

/** The edit and delete buttons of a row in a small table, each with a tooltip and its own label. */
export function EditDeleteButtons({
  editAria,
  deleteAria,
  onEdit,
  onDelete,
}: {
  editAria: string;
  deleteAria: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={t('actions.edit')}>
        <IconButton size="small" aria-label={editAria} onClick={onEdit}>
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('actions.delete')}>
        <IconButton size="small" aria-label={deleteAria} onClick={onDelete}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Tooltip>
    </TableCell>
  );
}

/** The row a small table shows while it has no rows, across all its columns. */
export function EmptyTableRow({ columns, text }: { columns: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={columns}>{text}</TableCell>
    </TableRow>
  );
}

/**
 * A dialog that keeps the items of one thing (a customer's sales months, a version's notes): an add
 * button, then the items as a small table (`head` and `rows`, the last column `EditDeleteButtons`)
 * or the `empty` text once loaded without items. `above` stands over the add button (tabs), and
 * `children` are the dialogs it opens (edit, confirm).
 */
export function ItemsDialog({
  id,
  title,
  add,
  above,
  loaded,
  count,
  empty,
  tableLabel,
  tableTestId,
  head,
  rows,
  closeLabel,
  onClose,
  children,
}: {
  id: string;
  title: string;
  add: { label: string; testId: string; onClick: () => void };
  above?: ReactNode;
  loaded: boolean;
  count: number;
  empty: string;
  tableLabel: string;
  tableTestId: string;
  head: ReactNode;
  rows: ReactNode;
  closeLabel?: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <ViewDialog id={id} title={title} onClose={onClose} close={{ label: closeLabel }} after={children}>
      {above}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <CreateButton label={add.label} onClick={add.onClick} testId={add.testId} />
      </Box>
      {loaded && count === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {empty}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={tableLabel} data-testid={tableTestId}>
            <TableHead>
              <TableRow>{head}</TableRow>
            </TableHead>
            <TableBody>{rows}</TableBody>
          </Table>
        </Box>
      )}
    </ViewDialog>
  );
}
