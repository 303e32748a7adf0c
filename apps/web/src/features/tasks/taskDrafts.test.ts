import { describe, expect, it } from 'vitest';
import type { Task } from '@klimadesk/contract/tasks/schemas';
import { draftOf, emptyDraft, planSave } from './taskDrafts.ts';

const user = (id: string) => ({ id, firstName: id, lastName: 'X', email: `${id}@x.test` });
const task = (id: string, over: Partial<Task> = {}): Task => ({
  id,
  description: `Aufgabe ${id}`,
  assignee: user('11111111-1111-4111-8111-111111111111'),
  assigner: null,
  responsible: null,
  status: 1,
  deadline: '2026-05-01',
  csrdScopeTask: null,
  cfcScopeTask: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

describe('planSave', () => {
  it('creates new rows, patches only changed fields, deletes flagged rows and skips the rest', () => {
    const a = task('a');
    const b = task('b');
    const c = task('c');
    const steps = planSave(
      {
        a: { task: a, draft: { ...draftOf(a), status: 2, deadline: '' } },
        // Edited back to what is stored: nothing to send.
        b: { task: b, draft: { ...draftOf(b) } },
        c: { task: c, draft: { ...draftOf(c), description: 'egal' } },
      },
      [
        { id: 'new-1', draft: { ...emptyDraft(), description: '  Neu  ', deadline: '2026-06-01' } },
        { id: 'new-2', draft: { ...emptyDraft(), description: 'verworfen' } },
      ],
      new Set(['c', 'new-2']),
    );
    expect(steps).toEqual([
      {
        kind: 'create',
        key: 'new-1',
        body: { description: 'Neu', assignee: null, responsible: null, status: 1, deadline: '2026-06-01' },
      },
      { kind: 'update', key: 'a', id: 'a', body: { status: 2, deadline: null } },
      { kind: 'delete', key: 'c', id: 'c' },
    ]);
  });

  it('unassigns with null', () => {
    const a = task('a');
    expect(planSave({ a: { task: a, draft: { ...draftOf(a), assignee: '' } } }, [], new Set())).toEqual([
      { kind: 'update', key: 'a', id: 'a', body: { assignee: null } },
    ]);
  });
});
