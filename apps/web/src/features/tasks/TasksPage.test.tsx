import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import type { Task } from '@klimadesk/contract/tasks/schemas';
import { webTexts } from '../../test/messages.ts';
import { renderScreen } from '../../test/render.tsx';
import { WithMe, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, errorAnswer, fixture, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { TasksPage } from './TasksPage.tsx';
import { pathOf } from '../../app/client.ts';

const deTasks = webTexts.de.tasks;

const me = meFixture({ roles: ['ROLE_COMPANY_ADMIN'], routes: ['/companymanagement/tasks'] });
const uwe = {
  id: '00000000-0000-4000-8000-0000000000a1',
  firstName: 'Uwe',
  lastName: 'Nutzer',
  email: 'u@x.test',
};
const stored: Task = fixture('createTask', {
  id: '00000000-0000-4000-8000-0000000000b1',
  description: 'Fuhrparkliste prüfen',
  assignee: uwe,
  assigner: null,
  responsible: null,
  status: 1,
  deadline: '2026-12-01',
  csrdScopeTask: null,
  cfcScopeTask: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
let calls: Call[];

beforeEach(() => {
  calls = stubApi((url, { method }) => {
    if (url.startsWith(pathOf('me'))) return answer('me', me);
    if (url.startsWith(pathOf('taskAssignees')))
      return answer('taskAssignees', listFixture('taskAssignees', [uwe]));
    if (url.startsWith(`${pathOf('tasks')}?`)) return answer('tasks', listFixture('tasks', [stored]));
    if (method === 'POST' && url === pathOf('createTask'))
      return answer('createTask', { ...stored, id: uwe.id, description: 'Neu' });
    // The stored task was deleted elsewhere meanwhile: its delete is refused.
    if (method === 'DELETE') return errorAnswer('notFound');
    return undefined;
  });
});

async function renderTasks() {
  const view = await renderScreen(
    () => (
      <WithMe>
        <TasksPage />
      </WithMe>
    ),
    '/companymanagement/tasks',
  );
  i18n.addResourceBundle('de', 'tasks', deTasks, true, true);
  return view;
}

describe('tasks: one save for several rows (seed 002 §4)', () => {
  it('sends every call, awaits all and shows ONE failure message when any fails', async () => {
    const user = userEvent.setup();
    await renderTasks();
    expect(
      await screen.findByDisplayValue('Fuhrparkliste prüfen', {}, { timeout: 5000 }),
    ).toBeInTheDocument();

    await user.click(screen.getByTestId('task-add'));
    await user.type(screen.getByTestId('task-description-new-1'), 'Neu');
    await user.click(screen.getByTestId(`task-delete-${stored.id}`));
    const save = screen.getByTestId('task-save');
    expect(save).toHaveTextContent('2 Änderungen speichern');
    await user.click(save);

    const alert = await screen.findByTestId('task-save-error');
    expect(alert).toHaveTextContent('Das Speichern der Aufgaben ist fehlgeschlagen');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { description: 'Neu', assignee: null, responsible: null, status: 1, deadline: null },
    ]);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      pathOf('deleteTask', { id: stored.id }),
    ]);
    // The created row left the draft; the refused delete stays flagged for another try.
    await waitFor(() => expect(screen.queryByTestId('task-description-new-1')).toBeNull());
    expect(screen.getByTestId(`task-delete-${stored.id}`)).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByTestId('task-save')).getByText('1 Änderung speichern')).toBeInTheDocument();
  });

  it('a read-only user sees the tasks without inputs or save', async () => {
    const readonly = meFixture({ roles: ['ROLE_CFT_READ_ONLY'], routes: ['/companymanagement/tasks'] });
    calls = stubApi((url) => {
      if (url.startsWith(pathOf('me'))) return answer('me', readonly);
      if (url.startsWith(pathOf('taskAssignees')))
        return answer('taskAssignees', listFixture('taskAssignees', [uwe]));
      if (url.startsWith(`${pathOf('tasks')}?`)) return answer('tasks', listFixture('tasks', [stored]));
      return undefined;
    });
    await renderTasks();
    expect(await screen.findByText('Fuhrparkliste prüfen', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Uwe Nutzer')).toBeInTheDocument();
    expect(screen.queryByTestId('task-save')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Beschreibung' })).toBeNull();
  });
});
