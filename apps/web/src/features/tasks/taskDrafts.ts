import type { Task, TaskBody, TaskPatchBody, TaskStatus } from '@klimadesk/contract/tasks/schemas';

/** The editable fields of a task row as the table holds them (ids of users, '' for none). */
export type TaskDraft = {
  description: string;
  assignee: string;
  responsible: string;
  status: TaskStatus;
  deadline: string;
};

/** A row of the table: a stored task or a new one with a temporary id, with the user's edits. */
export type TaskRow = TaskDraft & {
  id: string;
  isNew: boolean;
  /** Flagged to be deleted with the next save. */
  isDeleted: boolean;
  isChanged: boolean;
  assignerName: string;
};

export const NEW_PREFIX = 'new-';
export const isTemporaryId = (id: string) => id.startsWith(NEW_PREFIX);

export function draftOf(task: Task): TaskDraft {
  return {
    description: task.description,
    assignee: task.assignee?.id ?? '',
    responsible: task.responsible?.id ?? '',
    status: task.status,
    deadline: task.deadline ?? '',
  };
}

export const emptyDraft = (): TaskDraft => ({
  description: '',
  assignee: '',
  responsible: '',
  status: 1,
  deadline: '',
});

const orNull = (v: string) => (v === '' ? null : v);

/** Only the fields that differ from the stored task: a merge patch. */
export function patchOf(task: Task, draft: TaskDraft): TaskPatchBody {
  const before = draftOf(task);
  const out: TaskPatchBody = {};
  if (draft.description !== before.description) out.description = draft.description.trim();
  if (draft.assignee !== before.assignee) out.assignee = orNull(draft.assignee);
  if (draft.responsible !== before.responsible) out.responsible = orNull(draft.responsible);
  if (draft.status !== before.status) out.status = draft.status;
  if (draft.deadline !== before.deadline) out.deadline = orNull(draft.deadline);
  return out;
}

export function bodyOf(draft: TaskDraft): TaskBody {
  return {
    description: draft.description.trim(),
    assignee: orNull(draft.assignee),
    responsible: orNull(draft.responsible),
    status: draft.status,
    deadline: orNull(draft.deadline),
  };
}

/** One call of a save: which row it is for and what it sends. */
export type SaveStep =
  | { kind: 'create'; key: string; body: TaskBody }
  | { kind: 'update'; key: string; id: string; body: TaskPatchBody }
  | { kind: 'delete'; key: string; id: string };

/** A stored task being edited: the task as loaded and the user's version of it. */
export type TaskEdit = { task: Task; draft: TaskDraft };

/**
 * The calls of one save (seed 002 §4 Tasks): new rows are created, flagged rows deleted, changed
 * rows patched, also rows on other pages of the list. A new row flagged for deletion and a row
 * edited back to what is stored send nothing.
 */
export function planSave(
  edits: Record<string, TaskEdit>,
  created: { id: string; draft: TaskDraft }[],
  deleted: ReadonlySet<string>,
): SaveStep[] {
  const steps: SaveStep[] = [];
  for (const n of created) {
    if (!deleted.has(n.id)) steps.push({ kind: 'create', key: n.id, body: bodyOf(n.draft) });
  }
  for (const { task, draft } of Object.values(edits)) {
    if (deleted.has(task.id)) continue;
    const body = patchOf(task, draft);
    if (Object.keys(body).length) steps.push({ kind: 'update', key: task.id, id: task.id, body });
  }
  for (const id of deleted) {
    if (!isTemporaryId(id)) steps.push({ kind: 'delete', key: id, id });
  }
  return steps;
}
