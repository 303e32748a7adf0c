import type { KeyboardEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrashOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type TaskStatus,
  type TaskUser,
} from '@klimadesk/contract/tasks/schemas';
import type { TaskDraft, TaskRow } from './taskDrafts.ts';

/** A day (YYYY-MM-DD) in the reader's format, in day-month-year order like the app's other dates. */
const formatDay = (day: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB').format(new Date(`${day}T00:00:00`));

export const personName = (u: TaskUser | null | undefined) => (u ? `${u.firstName} ${u.lastName}` : '');

/** A status in the reader's language (the contract names it in both). */
export const statusLabel = (s: TaskStatus, lang: string) =>
  TASK_STATUS_LABELS[s][lang === 'en' ? 'en' : 'de'];

// The grid moves between cells on arrow keys and space; inside an input those keys are the input's.
const keepKeys = (e: KeyboardEvent) => e.stopPropagation();

/** Changes a field of a row's draft. */
export type EditTask = (id: string, field: keyof TaskDraft, value: string | number) => void;

type CellProps = { row: TaskRow; editable: boolean; edit: EditTask };

function DescriptionCell({ row, editable, edit }: CellProps) {
  const { t } = useTranslation(['tasks', 'common']);
  return editable ? (
    <TextField
      size="small"
      fullWidth
      multiline
      maxRows={4}
      value={row.description}
      error={!row.description.trim()}
      placeholder={t('descriptionPlaceholder')}
      onChange={(e) => edit(row.id, 'description', e.target.value)}
      onKeyDown={keepKeys}
      slotProps={{
        htmlInput: {
          'aria-label': t('columns.description'),
          'data-testid': `task-description-${row.id}`,
        },
      }}
    />
  ) : (
    <Typography
      variant="body2"
      sx={row.isDeleted ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined}
    >
      {row.description}
    </Typography>
  );
}

/** The assignee or the responsible person, chosen from the company's users. */
function PersonCell({
  row,
  editable,
  edit,
  field,
  label,
  people,
}: CellProps & { field: 'assignee' | 'responsible'; label: string; people: readonly TaskUser[] }) {
  const { t } = useTranslation(['tasks', 'common']);
  return editable ? (
    <TextField
      select
      size="small"
      fullWidth
      value={row[field]}
      onChange={(e) => edit(row.id, field, e.target.value)}
      onKeyDown={keepKeys}
      slotProps={{
        select: {
          displayEmpty: true,
          SelectDisplayProps: {
            'aria-label': label,
            'data-testid': `task-${field}-${row.id}`,
          } as object,
        },
      }}
    >
      <MenuItem value="">
        <em>{t('none')}</em>
      </MenuItem>
      {people.map((u) => (
        <MenuItem key={u.id} value={u.id}>
          {personName(u)}
        </MenuItem>
      ))}
    </TextField>
  ) : (
    <Typography variant="body2">{personName(people.find((u) => u.id === row[field])) || '–'}</Typography>
  );
}

function StatusCell({ row, editable, edit, lang }: CellProps & { lang: string }) {
  const { t } = useTranslation(['tasks', 'common']);
  return editable ? (
    <TextField
      select
      size="small"
      fullWidth
      value={row.status}
      onChange={(e) => edit(row.id, 'status', Number(e.target.value))}
      onKeyDown={keepKeys}
      slotProps={{
        select: {
          SelectDisplayProps: {
            'aria-label': t('columns.status'),
            'data-testid': `task-status-${row.id}`,
          } as object,
        },
      }}
    >
      {TASK_STATUSES.map((s) => (
        <MenuItem key={s} value={s}>
          {statusLabel(s, lang)}
        </MenuItem>
      ))}
    </TextField>
  ) : (
    <Typography variant="body2">{statusLabel(row.status, lang)}</Typography>
  );
}

function DeadlineCell({ row, editable, edit, lang }: CellProps & { lang: string }) {
  const { t } = useTranslation(['tasks', 'common']);
  return editable ? (
    <TextField
      type="date"
      size="small"
      fullWidth
      value={row.deadline}
      onChange={(e) => edit(row.id, 'deadline', e.target.value)}
      onKeyDown={keepKeys}
      slotProps={{
        htmlInput: { 'aria-label': t('columns.deadline'), 'data-testid': `task-deadline-${row.id}` },
      }}
    />
  ) : (
    <Typography variant="body2">{row.deadline ? formatDay(row.deadline, lang) : '–'}</Typography>
  );
}

/** Flags the row for deletion with the next save, or takes the flag back. */
function DeleteCell({ row, onToggle }: { row: TaskRow; onToggle: (id: string) => void }) {
  const { t } = useTranslation(['tasks', 'common']);
  const label = row.isDeleted ? t('actions.undoDelete') : t('actions.delete');
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={row.isDeleted}
        onClick={() => onToggle(row.id)}
        data-testid={`task-delete-${row.id}`}
        color={row.isDeleted ? 'error' : 'default'}
      >
        {row.isDeleted ? <RestoreFromTrash fontSize="small" /> : <DeleteOutline fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The task table's columns, edited in place where the user may write and the row is not flagged
 * for deletion: description, assignee, responsible, status, deadline, assigner and delete.
 */
export function taskColumns(
  t: TFunction,
  lang: string,
  opts: {
    canWrite: boolean;
    people: readonly TaskUser[];
    edit: EditTask;
    toggleDelete: (id: string) => void;
  },
): GridColDef<TaskRow>[] {
  const { canWrite, people, edit } = opts;
  const editable = (row: TaskRow) => canWrite && !row.isDeleted;
  const person = (field: 'assignee' | 'responsible', label: string): GridColDef<TaskRow> => ({
    field,
    headerName: label,
    width: 160,
    sortable: false,
    renderCell: ({ row }) => (
      <PersonCell
        row={row}
        editable={editable(row)}
        edit={edit}
        field={field}
        label={label}
        people={people}
      />
    ),
  });
  return [
    {
      field: 'description',
      headerName: t('columns.description'),
      flex: 2,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) => <DescriptionCell row={row} editable={editable(row)} edit={edit} />,
    },
    person('assignee', t('columns.assignee')),
    person('responsible', t('columns.responsible')),
    {
      field: 'status',
      headerName: t('columns.status'),
      width: 160,
      renderCell: ({ row }) => <StatusCell row={row} editable={editable(row)} edit={edit} lang={lang} />,
    },
    {
      field: 'deadline',
      headerName: t('columns.deadline'),
      width: 170,
      renderCell: ({ row }) => <DeadlineCell row={row} editable={editable(row)} edit={edit} lang={lang} />,
    },
    {
      field: 'assigner',
      headerName: t('columns.assigner'),
      width: 120,
      sortable: false,
      renderCell: ({ row }) => <Typography variant="body2">{row.assignerName || '–'}</Typography>,
    },
    ...(canWrite
      ? [
          {
            field: 'actions',
            headerName: t('columns.actions'),
            width: 90,
            sortable: false,
            align: 'right',
            headerAlign: 'right',
            renderCell: ({ row }) => <DeleteCell row={row} onToggle={opts.toggleDelete} />,
          } satisfies GridColDef<TaskRow>,
        ]
      : []),
  ];
}
