import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import type { SxProps, Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_MAX } from '@klimadesk/contract/constants';
import { TASK_STATUSES, TASK_STATUS_LABELS, type TaskStatus } from '@klimadesk/contract/tasks/schemas';
import type { CsrdScopeCode } from '@klimadesk/contract/csrd/reference';
import { call, can, queryOptions, type Answer } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import { formatDay } from '../../components/units.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';

// The topic's list and the company's task list (tasks page) both show a change.
const TASK_KEYS = [['csrdTasks'], ['tasks']] as const;

/**
 * The tasks of a report topic through the CSRD task calls (seed 001 §7): the server lists only the
 * topic's tasks; they are created with the topic's link, their status changed and deleted.
 */
export function ScopeTasks({ report, scope }: { report: string; scope: CsrdScopeCode }) {
  const { t } = useTranslation(['csrd', 'common']);
  const me = useMe();
  const tasks = useQuery({
    ...queryOptions('csrdTasks', { query: { report, scope, limit: PAGE_SIZE_MAX } }),
    select: (d) => d['hydra:member'],
  });
  const draft = useNewTask(report, scope);
  const patch = useApiMutation({
    mutate: ({ id, status }: { id: string; status: TaskStatus }) =>
      call('updateCsrdTask', { params: { id }, body: { status } }),
    invalidate: TASK_KEYS,
    success: t('tasks.saved'),
  });
  const remove = useApiMutation({
    mutate: (id: string) => call('deleteCsrdTask', { params: { id } }),
    invalidate: TASK_KEYS,
    success: t('tasks.deleted'),
  });
  const canWrite = can(me, 'createCsrdTask');
  const error = draft.create.error ?? patch.error ?? remove.error;
  return (
    <Box data-testid="scope-tasks">
      {tasks.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('tasks.none')}
        </Typography>
      )}
      <List dense disablePadding>
        {(tasks.data ?? []).map((task) => (
          <TaskItem
            key={task.id}
            task={task}
            canWrite={canWrite}
            onStatus={(status) => void patch.run({ id: task.id, status })}
            onDelete={() => void remove.run(task.id)}
          />
        ))}
      </List>
      {canWrite && <NewTaskForm draft={draft} />}
      {error && (
        <Typography color="error" role="alert" variant="body2" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}

type Task = Answer<'csrdTasks'>['hydra:member'][number];

/** A task with its assignee and deadline, its status and its removal. */
function TaskItem({
  task,
  canWrite,
  onStatus,
  onDelete,
}: {
  task: Task;
  canWrite: boolean;
  onStatus: (status: TaskStatus) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(['csrd', 'common']);
  const lang = currentLanguage();
  return (
    <ListItem
      disableGutters
      secondaryAction={
        canWrite && (
          <IconButton
            edge="end"
            size="small"
            aria-label={t('tasks.deleteAria', { name: task.description })}
            onClick={onDelete}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        )
      }
      sx={{ gap: 1, pr: 5, flexWrap: 'wrap' }}
    >
      <ListItemText
        primary={task.description}
        secondary={[
          task.assignee ? `${task.assignee.firstName} ${task.assignee.lastName}` : t('tasks.unassigned'),
          task.deadline ? formatDay(task.deadline, lang) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
        sx={{ minWidth: 160 }}
      />
      <TextField
        select
        size="small"
        value={task.status}
        disabled={!canWrite}
        onChange={(e) => onStatus(Number(e.target.value) as TaskStatus)}
        slotProps={{ htmlInput: { 'aria-label': t('tasks.statusAria', { name: task.description }) } }}
        sx={{ width: 150 }}
      >
        {TASK_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {TASK_STATUS_LABELS[s][lang]}
          </MenuItem>
        ))}
      </TextField>
    </ListItem>
  );
}

/** A new task of the topic as typed, and its creation (which empties the fields). */
function useNewTask(report: string, scope: CsrdScopeCode) {
  const { t } = useTranslation(['csrd', 'common']);
  const [description, setDescription] = useState('');
  const [assignee, setAssignee] = useState('');
  const [deadline, setDeadline] = useState<string | null>(null);
  const create = useApiMutation({
    mutate: () =>
      call('createCsrdTask', {
        body: {
          description: description.trim(),
          assignee: assignee || null,
          deadline,
          csrdScopeTask: { report, scope },
        },
      }),
    invalidate: TASK_KEYS,
    success: t('tasks.created'),
    onSuccess: () => {
      setDescription('');
      setAssignee('');
      setDeadline(null);
    },
  });
  return { description, setDescription, assignee, setAssignee, deadline, setDeadline, create };
}

function NewTaskForm({ draft }: { draft: ReturnType<typeof useNewTask> }) {
  const { t } = useTranslation(['csrd', 'common']);
  const { description, setDescription, assignee, setAssignee, deadline, setDeadline, create } = draft;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (description.trim()) void create.run();
      }}
      sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', mt: 1.5 }}
    >
      <TextField
        size="small"
        label={t('tasks.description')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        sx={{ flex: '1 1 220px' }}
        slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'scope-task-description' } }}
      />
      <AssigneeSelect
        label={t('tasks.assignee')}
        value={assignee}
        onChange={setAssignee}
        sx={{ width: 200 }}
      />
      <DatesProvider>
        <DayPicker label={t('tasks.deadline')} value={deadline} onChange={setDeadline} />
      </DatesProvider>
      <Button
        type="submit"
        variant="outlined"
        disabled={!description.trim() || create.busy}
        data-testid="scope-task-add"
      >
        {t('tasks.add')}
      </Button>
    </Box>
  );
}

/** A user the company's tasks can be given to, or nobody (the empty value). */
export function AssigneeSelect({
  label,
  value,
  onChange,
  disabled,
  sx,
}: {
  label: string;
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation('csrd');
  const users = useQuery({
    ...queryOptions('taskAssignees'),
    staleTime: 60_000,
    select: (d) => d['hydra:member'],
  });
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
    >
      <MenuItem value="">
        <em>{t('tasks.unassigned')}</em>
      </MenuItem>
      {(users.data ?? []).map((u) => (
        <MenuItem key={u.id} value={u.id}>
          {u.firstName} {u.lastName}
        </MenuItem>
      ))}
    </TextField>
  );
}
