import { useMemo, useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrashOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  TASK_PAGE_SIZE,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type Task,
  type TaskStatus,
  type TaskUser,
} from '@klimadesk/contract/tasks/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import { EntityListPage, useEntityList, type ListSource } from '../../components/EntityListPage.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { TaskMailSettings } from './TaskMailSettings.tsx';
import {
  NEW_PREFIX,
  type SaveStep,
  type TaskDraft,
  type TaskEdit,
  type TaskRow,
  draftOf,
  emptyDraft,
  planSave,
} from './taskDrafts.ts';

type StatusChoice = 'current' | `${TaskStatus}`;

/** A day (YYYY-MM-DD) in the reader's format, in day-month-year order like the app's other dates. */
const formatDay = (day: string, lang: string) =>
  new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB').format(new Date(`${day}T00:00:00`));

const name = (u: TaskUser | null | undefined) => (u ? `${u.firstName} ${u.lastName}` : '');

// The grid moves between cells on arrow keys and space; inside an input those keys are the input's.
const keepKeys = (e: KeyboardEvent) => e.stopPropagation();

function runStep(step: SaveStep) {
  if (step.kind === 'create') return call('createTask', { body: step.body });
  if (step.kind === 'update') return call('updateTask', { params: { id: step.id }, body: step.body });
  return call('deleteTask', { params: { id: step.id } });
}

/**
 * The company's tasks (seed 002 §2 task table, 10 per page, by deadline) edited in place: several
 * rows are changed, added or flagged for deletion and sent with one save (seed 002 §4). Above the
 * table the signed-in user chooses how task e-mails reach them.
 */
export function TasksPage() {
  const { t, i18n } = useTranslation(['tasks', 'common']);
  const me = useMe();
  const canWrite = can(me, 'createTask');
  const qc = useQueryClient();
  const list = useEntityList<Task, StatusChoice>({
    table: 'tasks',
    pageSize: TASK_PAGE_SIZE,
    sort: [{ field: 'deadline', sort: 'asc' }],
    status: 'current',
    source: ({ status, ...query }) =>
      queryOptions('tasks', {
        query: { ...query, ...(status && status !== 'current' ? { status: Number(status) } : {}) },
      }) as ListSource<Task>,
  });
  const assignees = useQuery({ ...queryOptions('taskAssignees'), staleTime: 60_000 });
  const people = assignees.data?.['hydra:member'] ?? [];

  const [edits, setEdits] = useState<Record<string, TaskEdit>>({});
  const [created, setCreated] = useState<{ id: string; draft: TaskDraft }[]>([]);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [seq, setSeq] = useState(1);

  const stored = list.rows;
  const rows: TaskRow[] = useMemo(
    () => [
      ...created.map((n) => ({
        ...n.draft,
        id: n.id,
        isNew: true,
        isDeleted: deleted.has(n.id),
        isChanged: true,
        assignerName: name(me as unknown as TaskUser),
      })),
      ...stored.map((task) => ({
        ...(edits[task.id]?.draft ?? draftOf(task)),
        id: task.id,
        isNew: false,
        isDeleted: deleted.has(task.id),
        isChanged: !!edits[task.id],
        assignerName: name(task.assigner),
      })),
    ],
    [created, stored, edits, deleted, me],
  );
  const steps = planSave(edits, created, deleted);
  const incomplete = rows.some((r) => !r.isDeleted && (r.isNew || r.isChanged) && !r.description.trim());

  const edit = (id: string, field: keyof TaskDraft, value: string | number) => {
    if (id.startsWith(NEW_PREFIX)) {
      setCreated((all) =>
        all.map((n) => (n.id === id ? { ...n, draft: { ...n.draft, [field]: value } } : n)),
      );
      return;
    }
    const task = stored.find((x) => x.id === id);
    if (!task) return;
    setEdits((all) => ({
      ...all,
      [id]: { task: all[id]?.task ?? task, draft: { ...(all[id]?.draft ?? draftOf(task)), [field]: value } },
    }));
  };
  const toggleDelete = (id: string) =>
    setDeleted((all) => {
      const next = new Set(all);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const addRow = () => {
    setCreated((all) => [{ id: `${NEW_PREFIX}${seq}`, draft: emptyDraft() }, ...all]);
    setSeq((n) => n + 1);
  };
  const discard = () => {
    setEdits({});
    setCreated([]);
    setDeleted(new Set());
    save.clearError();
  };

  // Every call of the save runs; the rows whose call went through leave the draft, the others stay
  // for another try, and any refusal gives one failure message (seed 002 §4, §8 "Task saving failed").
  const save = useApiMutation<SaveStep[], number>({
    mutate: async (plan) => {
      const results = await Promise.allSettled(plan.map(runStep));
      const done = new Set(plan.filter((_s, i) => results[i].status === 'fulfilled').map((s) => s.key));
      setCreated((all) =>
        all.filter((n) => !done.has(n.id) && !(deleted.has(n.id) && !plan.some((s) => s.key === n.id))),
      );
      setEdits((all) => Object.fromEntries(Object.entries(all).filter(([id]) => !done.has(id))));
      setDeleted((all) => new Set([...all].filter((id) => !done.has(id) && !id.startsWith(NEW_PREFIX))));
      await qc.invalidateQueries({ queryKey: ['tasks'] });
      const failed = results.filter((r) => r.status === 'rejected').length;
      if (failed) throw new Error(String(failed));
      return plan.length;
    },
    success: (n) => t('notify.saved', { count: n }),
    // One message for the whole save, shown above the table until the next try.
    errorOf: () => t('notify.saveFailed'),
  });

  const statusLabel = (s: TaskStatus) => TASK_STATUS_LABELS[s][i18n.language === 'en' ? 'en' : 'de'];
  const columns = useMemo<GridColDef<TaskRow>[]>(() => {
    const person = (field: 'assignee' | 'responsible', label: string): GridColDef<TaskRow> => ({
      field,
      headerName: label,
      width: 160,
      sortable: false,
      renderCell: ({ row }) =>
        canWrite && !row.isDeleted ? (
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
                {name(u)}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Typography variant="body2">{name(people.find((u) => u.id === row[field])) || '–'}</Typography>
        ),
    });
    return [
      {
        field: 'description',
        headerName: t('columns.description'),
        flex: 2,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) =>
          canWrite && !row.isDeleted ? (
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
          ),
      },
      person('assignee', t('columns.assignee')),
      person('responsible', t('columns.responsible')),
      {
        field: 'status',
        headerName: t('columns.status'),
        width: 160,
        renderCell: ({ row }) =>
          canWrite && !row.isDeleted ? (
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
                  {statusLabel(s)}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <Typography variant="body2">{statusLabel(row.status)}</Typography>
          ),
      },
      {
        field: 'deadline',
        headerName: t('columns.deadline'),
        width: 170,
        renderCell: ({ row }) =>
          canWrite && !row.isDeleted ? (
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
            <Typography variant="body2">
              {row.deadline ? formatDay(row.deadline, i18n.language) : '–'}
            </Typography>
          ),
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
              renderCell: ({ row }) => {
                const label = row.isDeleted ? t('actions.undoDelete') : t('actions.delete');
                return (
                  <Tooltip title={label}>
                    <IconButton
                      size="small"
                      aria-label={label}
                      aria-pressed={row.isDeleted}
                      onClick={() => toggleDelete(row.id)}
                      data-testid={`task-delete-${row.id}`}
                      color={row.isDeleted ? 'error' : 'default'}
                    >
                      {row.isDeleted ? (
                        <RestoreFromTrash fontSize="small" />
                      ) : (
                        <DeleteOutline fontSize="small" />
                      )}
                    </IconButton>
                  </Tooltip>
                );
              },
            } satisfies GridColDef<TaskRow>,
          ]
        : []),
    ];
    // `edit` and `toggleDelete` read state through setters only; the columns change with these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.language, canWrite, people, stored]);

  const pending = steps.length;
  const tableList = { ...list, rows, total: list.total + created.length } as unknown as typeof list;
  return (
    <EntityListPage<TaskRow, StatusChoice>
      list={tableList as never}
      title={t('page.title')}
      subtitle={t('page.subtitle')}
      actions={
        canWrite && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<Add />} onClick={addRow} data-testid="task-add">
              {t('page.add')}
            </Button>
            <Button variant="text" onClick={discard} disabled={pending === 0 || save.busy}>
              {t('page.discard')}
            </Button>
            <Button
              variant="contained"
              startIcon={<SaveOutlined />}
              onClick={() => void save.run(steps)}
              disabled={pending === 0 || incomplete || save.busy}
              data-testid="task-save"
            >
              {pending ? t('page.saveCount', { count: pending }) : t('page.save')}
            </Button>
          </Box>
        )
      }
      banner={
        <>
          <TaskMailSettings me={me} />
          {save.error && (
            <Alert severity="error" sx={{ mb: 2 }} onClose={save.clearError} data-testid="task-save-error">
              {save.error}
            </Alert>
          )}
        </>
      }
      search={{ label: t('page.search') }}
      toolbar={
        // A select rather than the kit's toggle row: six statuses do not fit a phone's width.
        <TextField
          select
          size="small"
          label={t('page.statusFilter')}
          value={list.status ?? 'current'}
          onChange={(e) => list.setStatus(e.target.value as StatusChoice)}
          sx={{ width: 200 }}
          data-testid="task-status-filter"
        >
          <MenuItem value="current">{t('page.current')}</MenuItem>
          {TASK_STATUSES.map((s) => (
            <MenuItem key={s} value={`${s}`}>
              {statusLabel(s)}
            </MenuItem>
          ))}
        </TextField>
      }
      label={t('page.tableLabel')}
      testId="task-table"
      columns={columns}
      empty={
        <Typography variant="body2" color="text.secondary">
          {canWrite ? t('page.emptyWrite') : t('page.empty')}
        </Typography>
      }
    />
  );
}
