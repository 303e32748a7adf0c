import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../test/render.tsx';
import { ME, WithMe, type Call } from '../../test/emissions.tsx';
import { answer, errorAnswer, fixture } from '../../test/fixtures.ts';
import { ProfilePage } from './ProfilePage.tsx';

const me = fixture('me', {
  ...ME,
  roles: ['ROLE_CFT_USER'],
  module: 'cft',
  modules: ['cft'],
  company: { ...ME.company, modules: ['cft'] },
  name: 'Uwe Nutzer',
  initials: 'UN',
  salutation: null,
  title: null,
  phone1: null,
  telefax: null,
  department: null,
  position: null,
  licenceNr: null,
  street: null,
  zipcode: null,
  city: null,
  country: null,
  status: 1,
  isVerified: true,
  introShown: true,
  releaseNotesShown: null,
  lastLogin: null,
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
  companyId: ME.company.id,
  companyName: ME.company.name,
  groupId: null,
  userPreference: {
    language: 'de',
    isEmailNotificationEnabled: false,
    emailNotificationDelay: 'immediately',
    csrdLastCsrdScopeName: null,
    csrdLastReportId: null,
    csrdLastMaScopeName: null,
    csrdLastMaId: null,
  },
});
let calls: Call[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init?.method ?? 'GET', url, body });
      if (url.startsWith('/api/users/me')) return answer('me', me);
      if (url === `/api/users/${me.id}` && body?.currentPassword === 'falsch')
        return errorAnswer('invalidCredentials');
      // The address changes only once the link is followed: the answer keeps the old one.
      if (url === `/api/users/${me.id}`) return answer('updateUser', me);
      return errorAnswer('notFound');
    }),
  );
});

const renderProfile = () =>
  renderScreen(
    () => (
      <WithMe>
        <ProfilePage />
      </WithMe>
    ),
    '/profile',
  );
const patches = () => calls.filter((c) => c.method === 'PATCH' && c.url === `/api/users/${me.id}`);

describe('profile: own e-mail address (issue 12 F5)', () => {
  it('asks for the current password when the address changes and sends it along', async () => {
    const user = userEvent.setup();
    await renderProfile();
    const email = await screen.findByRole('textbox', { name: /E-Mail-Adresse/ });
    expect(document.querySelector('input[name="currentPasswordForEmail"]')).toBeNull();
    await user.clear(email);
    await user.type(email, 'neu@demo-pro.local');
    const current = document.querySelector('input[name="currentPasswordForEmail"]') as HTMLInputElement;
    expect(current).toBeRequired();
    expect(screen.getByText(/gilt erst, wenn Sie den Link bestätigen/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Dieses Feld ist erforderlich.')).toBeInTheDocument();
    expect(patches()).toHaveLength(0);

    await user.type(current, 'falsch');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Das aktuelle Passwort ist nicht richtig.')).toBeInTheDocument();

    await user.clear(current);
    await user.type(current, 'mein-passwort');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1].body).toMatchObject({
      email: 'neu@demo-pro.local',
      currentPassword: 'mein-passwort',
    });
  });

  it('saves other personal data without the current password', async () => {
    const user = userEvent.setup();
    await renderProfile();
    const last = await screen.findByRole('textbox', { name: /Nachname/ });
    await user.type(last, 'mann');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].body).not.toHaveProperty('currentPassword');
    expect(patches()[0].body).toMatchObject({ lastName: 'Nutzermann', email: me.email });
  });
});
