import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  TASK_PAGE_SIZE,
  TASK_STATUSES,
  type Task,
  type TaskStatus,
  type TaskUser,
} from '@klimadesk/contract/tasks/schemas';
import { call, can, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import {
  EntityListPage,
  useEntityList,
  type EntityList,
  type ListSource,
} from '../../components/EntityListPage.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { TaskMailSettings } from './TaskMailSettings.tsx';
import { type EditTask, personName, statusLabel, taskColumns } from './taskColumns.tsx';
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

function runStep(step: SaveStep) {
  if (step.kind === 'create') return call('createTask', { body: step.body });
  if (step.kind === 'update') return call('updateTask', { params: { id: step.id }, body: step.body });
  return call('deleteTask', { params: { id: step.id } });
}

/**
 * The drafts of the table: changed stored tasks, new rows (on top) and the rows flagged for
 * deletion, and the rows the table shows from them.
 */
function useTaskDrafts(stored: Task[], me: ReturnType<typeof useMe>) {
  const [edits, setEdits] = useState<Record<string, TaskEdit>>({});
  const [created, setCreated] = useState<{ id: string; draft: TaskDraft }[]>([]);
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [seq, setSeq] = useState(1);

  const rows: TaskRow[] = useMemo(
    () => [
      ...created.map((n) => ({
        ...n.draft,
        id: n.id,
        isNew: true,
        isDeleted: deleted.has(n.id),
        isChanged: true,
        assignerName: personName(me as unknown as TaskUser),
      })),
      ...stored.map((task) => ({
        ...(edits[task.id]?.draft ?? draftOf(task)),
        id: task.id,
        isNew: false,
        isDeleted: deleted.has(task.id),
        isChanged: !!edits[task.id],
        assignerName: personName(task.assigner),
      })),
    ],
    [created, stored, edits, deleted, me],
  );

  const edit: EditTask = (id, field, value) => {
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
  const reset = () => {
    setEdits({});
    setCreated([]);
    setDeleted(new Set());
  };
  return {
    edits,
    setEdits,
    created,
    setCreated,
    deleted,
    setDeleted,
    rows,
    edit,
    toggleDelete,
    addRow,
    reset,
  };
}

type TaskDrafts = ReturnType<typeof useTaskDrafts>;

/**
 * Every call of the save runs; the rows whose call went through leave the draft, the others stay
 * for another try, and any refusal gives one failure message (seed 002 §4, §8 "Task saving failed").
 */
function useTaskSave({ deleted, setCreated, setEdits, setDeleted }: TaskDrafts) {
  const { t } = useTranslation(['tasks', 'common']);
  const qc = useQueryClient();
  return useApiMutation<SaveStep[], number>({
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
}

/** Add a row, discard the drafts, and save them all (with their number). */
function TaskActions({
  pending,
  blocked,
  busy,
  onAdd,
  onDiscard,
  onSave,
}: {
  pending: number;
  /** A changed or new row has no description yet. */
  blocked: boolean;
  busy: boolean;
  onAdd: () => void;
  onDiscard: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation(['tasks', 'common']);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<Add />} onClick={onAdd} data-testid="task-add">
        {t('page.add')}
      </Button>
      <Button variant="text" onClick={onDiscard} disabled={pending === 0 || busy}>
        {t('page.discard')}
      </Button>
      <Button
        variant="contained"
        startIcon={<SaveOutlined />}
        onClick={onSave}
        disabled={pending === 0 || blocked || busy}
        data-testid="task-save"
      >
        {pending ? t('page.saveCount', { count: pending }) : t('page.save')}
      </Button>
    </Box>
  );
}

/** A select rather than the kit's toggle row: six statuses do not fit a phone's width. */
function StatusFilter({ list }: { list: EntityList<Task, StatusChoice> }) {
  const { t, i18n } = useTranslation(['tasks', 'common']);
  return (
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
          {statusLabel(s, i18n.language)}
        </MenuItem>
      ))}
    </TextField>
  );
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
  const stored = list.rows;
  const drafts = useTaskDrafts(stored, me);
  const { rows, edits, created, deleted } = drafts;
  const save = useTaskSave(drafts);
  const steps = planSave(edits, created, deleted);
  const incomplete = rows.some((r) => !r.isDeleted && (r.isNew || r.isChanged) && !r.description.trim());
  const columns = useMemo(
    () =>
      taskColumns(t, i18n.language, {
        canWrite,
        people,
        edit: drafts.edit,
        toggleDelete: drafts.toggleDelete,
      }),
    // `edit` and `toggleDelete` read state through setters only; the columns change with these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, canWrite, people, stored],
  );

  const pending = steps.length;
  const tableList = { ...list, rows, total: list.total + created.length } as unknown as typeof list;
  return (
    <EntityListPage<TaskRow, StatusChoice>
      list={tableList as never}
      title={t('page.title')}
      subtitle={t('page.subtitle')}
      actions={
        canWrite && (
          <TaskActions
            pending={pending}
            blocked={incomplete}
            busy={save.busy}
            onAdd={drafts.addRow}
            onDiscard={() => {
              drafts.reset();
              save.clearError();
            }}
            onSave={() => void save.run(steps)}
          />
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
      toolbar={<StatusFilter list={list} />}
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
