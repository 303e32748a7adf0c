import { describe, expect, it, vi, beforeEach } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterPage } from './RegisterPage.tsx';
import { renderScreen } from '../../test/render.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { pathOf } from '../../app/client.ts';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === pathOf('register')
        ? answer('register', { code: 20000, message: 'ok' })
        : Response.json(listFixture('countries', [{ code: 'DE', name: 'Deutschland' }])),
    ),
  );
});

describe('registration wizard', () => {
  it('marks mandatory fields and validates each step before moving on', async () => {
    const user = userEvent.setup();
    await renderScreen(() => <RegisterPage />, '/register');
    expect(await screen.findByRole('heading', { name: 'Unternehmen registrieren' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Vorname/ })).toBeRequired();

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect((await screen.findAllByText('Dieses Feld ist erforderlich.')).length).toBeGreaterThanOrEqual(4);

    await user.click(screen.getByRole('combobox', { name: /Anrede/ }));
    await user.click(await screen.findByRole('option', { name: 'Frau' }));
    await user.type(screen.getByRole('textbox', { name: /Vorname/ }), 'Erika');
    await user.type(screen.getByRole('textbox', { name: /Nachname/ }), 'Muster');
    await user.type(screen.getByRole('textbox', { name: /E-Mail-Adresse/ }), 'keine-adresse');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Bitte eine gültige E-Mail-Adresse eingeben.')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: /E-Mail-Adresse/ }));
    await user.type(screen.getByRole('textbox', { name: /E-Mail-Adresse/ }), 'erika@example.org');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByRole('textbox', { name: /Straße/ })).toBeInTheDocument();

    // Street needs at least two characters.
    await user.type(screen.getByRole('textbox', { name: /^Unternehmen/ }), 'Spedition Nord');
    await user.type(screen.getByRole('textbox', { name: /Straße/ }), 'A');
    await user.type(screen.getByRole('textbox', { name: /PLZ/ }), '20457');
    await user.type(screen.getByRole('textbox', { name: /^Ort/ }), 'Hamburg');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Bitte mindestens 2 Zeichen eingeben.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Straße/ }), 'm Hafen 1');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));

    // Password: at least 6 characters and repeated exactly.
    await screen.findByLabelText(/wiederholen/, { selector: 'input' });
    const pw = document.querySelector('input[name="password"]') as HTMLInputElement;
    await user.type(pw, '12345');
    await user.type(screen.getByLabelText(/wiederholen/, { selector: 'input' }), '12345');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Bitte mindestens 6 Zeichen eingeben.')).toBeInTheDocument();
    await user.type(pw, '6');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/wiederholen/, { selector: 'input' }), '6');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));

    // Terms and privacy must be accepted before registering.
    await user.click(await screen.findByRole('button', { name: 'Registrieren' }));
    expect(
      await screen.findByText('Bitte akzeptieren Sie die AGB und die Datenschutzerklärung.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Ich akzeptiere/ }));
    await user.click(screen.getByRole('button', { name: 'Registrieren' }));
    await waitFor(() => expect(screen.getByTestId('register-done')).toHaveTextContent('erika@example.org'));

    const calls = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls;
    const post = calls.find(([url]) => url === pathOf('register'));
    expect(post).toBeDefined();
    const body = JSON.parse(String(post?.[1].body));
    expect(body).toMatchObject({
      salutation: 'mrs',
      firstName: 'Erika',
      email: 'erika@example.org',
      company: {
        name: 'Spedition Nord',
        street: 'Am Hafen 1',
        zipcode: '20457',
        city: 'Hamburg',
        country: 'DE',
      },
      acceptTerms: true,
      isCarrier: true,
    });
    expect(body.department).toBeUndefined();
  });
});
