import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../test/render.tsx';
import { ME, WithMe, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, errorAnswer } from '../../test/fixtures.ts';
import { ProfilePage } from './ProfilePage.tsx';
import { pathOf } from '../../app/client.ts';

// A freight user of a professional company (roles, modules and profile of the shared fixture).
const me = ME;
let calls: Call[];

beforeEach(() => {
  calls = stubApi((url, { body }) => {
    if (url.startsWith(pathOf('me'))) return answer('me', me);
    if (
      url === pathOf('updateUser', { id: me.id }) &&
      (body as { currentPassword?: string })?.currentPassword === 'falsch'
    )
      return errorAnswer('invalidCredentials');
    // The address changes only once the link is followed: the answer keeps the old one.
    if (url === pathOf('updateUser', { id: me.id })) return answer('updateUser', me);
    return undefined;
  });
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
const patches = () =>
  calls.filter((c) => c.method === 'PATCH' && c.url === pathOf('updateUser', { id: me.id }));

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

describe('profile: password change (issue 37)', () => {
  it('says so at the field when the current password is wrong', async () => {
    const user = userEvent.setup();
    await renderProfile();
    const current = (await screen.findAllByLabelText(/Aktuelles Passwort/))[0];
    await user.type(current, 'falsch');
    const [password, repeat] = screen.getAllByLabelText(/Neues Passwort/);
    await user.type(password, 'ein-neues-Passwort-2026');
    await user.type(repeat, 'ein-neues-Passwort-2026');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Das aktuelle Passwort ist nicht richtig.')).toBeInTheDocument();
    expect(patches()).toHaveLength(1);
    expect(patches()[0].body).toEqual({ currentPassword: 'falsch', password: 'ein-neues-Passwort-2026' });
  });
});
