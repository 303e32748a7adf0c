import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Answer } from '../../app/client.ts';
import { pathOf } from '../../app/client.ts';
import { renderScreen } from '../../test/render.tsx';
import { WithMe, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, fixture, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { UsersTable } from './UsersTable.tsx';

// Offboarding an admin (issue 32): deleting or demoting a user who created API keys offers to
// revoke them, and the choice goes to the API as `revokeApiKeys=true`.

const me = meFixture({
  roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'],
  grantableRoles: [
    'ROLE_COMPANY_ADMIN',
    'ROLE_CFT_ADMIN',
    'ROLE_CFT_USER',
    'ROLE_CFT_READ_ONLY',
    'ROLE_CFT_READ_ONLY_EXTERNAL',
  ],
  routes: ['/companymanagement/users'],
});

type User = Answer<'ownCompanyUsers'>['hydra:member'][number];
const user = (id: string, name: string, roles: User['roles']): User => ({
  ...fixture('getUser', {
    ...me,
    id,
    email: `${name.toLowerCase()}@demo-pro.local`,
    firstName: name,
    lastName: 'Test',
    name: `${name} Test`,
    roles,
  }),
});
const KARL = user('00000000-0000-4000-8000-0000000000a1', 'Karl', ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN']);
const LENA = user('00000000-0000-4000-8000-0000000000a2', 'Lena', ['ROLE_CFT_USER']);

const key = (n: number, createdBy: string, revokedAt: string | null = null) => ({
  id: `00000000-0000-4000-8000-0000000000b${n}`,
  name: `Key ${n}`,
  prefix: `kdk_abc${n}`,
  createdAt: '2026-03-01T08:00:00.000Z',
  createdBy,
  createdByName: 'Karl Test',
  createdByEmail: KARL.email,
  createdByDeleted: false,
  lastUsedAt: null,
  revokedAt,
});

let calls: Call[];
// The first rows come after the signed-in user, the list and the keys answered.
const WAIT = { timeout: 5000 };

beforeEach(() => {
  calls = stubApi((url, call) => {
    if (url.startsWith(pathOf('me'))) return answer('me', me);
    if (url.startsWith(pathOf('ownCompanyUsers')))
      return answer('ownCompanyUsers', listFixture('ownCompanyUsers', [KARL, LENA]));
    if (url.startsWith(pathOf('apiKeys')))
      return answer(
        'apiKeys',
        listFixture('apiKeys', [
          key(1, KARL.id),
          key(2, KARL.id),
          key(3, KARL.id, '2026-03-02T08:00:00.000Z'),
        ]),
      );
    if (call.method === 'POST' && url === pathOf('createUser')) return answer('createUser', LENA);
    if (call.method === 'DELETE') return answer('deleteUser', { code: 20000, message: 'deleted' });
    if (call.method === 'PATCH') return answer('updateUser', { ...KARL, roles: ['ROLE_CFT_ADMIN'] });
    return undefined;
  });
});

const renderUsers = () =>
  renderScreen(
    () => (
      <WithMe>
        <UsersTable scope="company" />
      </WithMe>
    ),
    '/companymanagement/users',
  );

async function askDelete(name: string) {
  const u = userEvent.setup();
  await u.click(await screen.findByRole('button', { name: `Weitere Aktionen für ${name}` }, WAIT));
  await u.click(await screen.findByRole('menuitem', { name: 'Löschen' }));
  return { u, dialog: await screen.findByRole('dialog') };
}

const writes = (method: string) => calls.filter((c) => c.method === method);

describe('offboarding: API keys of a deleted or demoted admin', () => {
  it('offers to revoke the live keys of a user who created some, and sends the choice', async () => {
    await renderUsers();
    const { u, dialog } = await askDelete('Karl Test');
    const option = await within(dialog).findByRole('checkbox', {
      name: /Auch die 2 API-Schlüssel widerrufen, die Karl Test erstellt hat/,
    });
    expect(option).toBeChecked();
    await u.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(writes('DELETE')).toHaveLength(1));
    expect(writes('DELETE')[0].url).toBe(`${pathOf('deleteUser', { id: KARL.id })}?revokeApiKeys=true`);
  });

  it('keeps the keys when the option is cleared', async () => {
    await renderUsers();
    const { u, dialog } = await askDelete('Karl Test');
    await u.click(await within(dialog).findByRole('checkbox'));
    await u.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(writes('DELETE')).toHaveLength(1));
    expect(writes('DELETE')[0].url).toBe(pathOf('deleteUser', { id: KARL.id }));
  });

  it('offers nothing for a user without keys', async () => {
    await renderUsers();
    const { dialog } = await askDelete('Lena Test');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  it('offers to revoke the keys when the company admin role is taken away', async () => {
    const u = userEvent.setup();
    await renderUsers();
    await u.click(await screen.findByRole('button', { name: 'Karl Test bearbeiten' }, WAIT));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('revoke-keys')).toBeNull();
    await u.click(within(dialog).getByRole('checkbox', { name: 'Unternehmens-Administrator' }));
    const option = within(dialog).getByRole('checkbox', { name: /Auch die 2 API-Schlüssel widerrufen/ });
    expect(option).toBeChecked();
    await u.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(writes('PATCH')).toHaveLength(1));
    expect(writes('PATCH')[0].url).toBe(`${pathOf('updateUser', { id: KARL.id })}?revokeApiKeys=true`);
    expect(writes('PATCH')[0].body).toMatchObject({ roles: ['ROLE_CFT_ADMIN'] });
  });
});

describe('user dialog (issue 37)', () => {
  it('offers one role per module and invites a new user without a password', async () => {
    const u = userEvent.setup();
    await renderUsers();
    await u.click(await screen.findByRole('button', { name: 'Benutzer anlegen' }, WAIT));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/erhält eine Einladung per E-Mail und legt das Passwort selbst fest/),
    ).toBeInTheDocument();
    expect(dialog.querySelector('input[type="password"]')).toBeNull();
    await u.type(within(dialog).getByRole('textbox', { name: /Vorname/ }), 'Ines');
    await u.type(within(dialog).getByRole('textbox', { name: /Nachname/ }), 'Neu');
    await u.type(within(dialog).getByRole('textbox', { name: /E-Mail/ }), 'ines@demo-pro.local');
    // The freight module is a choice of one: picking read-only after user replaces it.
    const freight = within(dialog).getByRole('group', { name: 'Transport-Emissionen' });
    expect(within(freight).getByRole('radio', { name: 'Keine Rolle' })).toBeChecked();
    await u.click(within(freight).getByRole('radio', { name: /Benutzer/ }));
    await u.click(within(freight).getByRole('radio', { name: /Nur lesen$/ }));
    expect(
      within(freight)
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked),
    ).toHaveLength(1);
    await u.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    await waitFor(() => expect(writes('POST')).toHaveLength(1));
    const body = writes('POST')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ email: 'ines@demo-pro.local', roles: ['ROLE_CFT_READ_ONLY'] });
    expect(body).not.toHaveProperty('password');
  });
});
