import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../test/render.tsx';
import { NewPasswordField } from './NewPasswordField.tsx';
import { PasswordField } from './PasswordField.tsx';

function Field({ strength }: { strength?: boolean }) {
  const [value, setValue] = useState('');
  const Input = strength ? NewPasswordField : PasswordField;
  return (
    <Input
      name="password"
      label="Passwort"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      helperText="Mindestens 6 Zeichen."
    />
  );
}

describe('password strength hint', () => {
  it('rates a new password and flags the common ones the API refuses', async () => {
    const user = userEvent.setup();
    await renderScreen(() => <Field strength />);
    const input = document.querySelector('input[name="password"]') as HTMLInputElement;
    expect(screen.getByText('Mindestens 6 Zeichen.')).toBeInTheDocument();
    await user.type(input, 'abc');
    expect(screen.getByText('Zu kurz: mindestens 6 Zeichen.')).toBeInTheDocument();
    await user.type(input, '123');
    // The list loads on first use: "abc123" is among the most common passwords.
    expect(await screen.findByText('Sehr häufiges Passwort – wird nicht angenommen.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'Zugspitze-2962m!');
    expect(screen.getByText('Stärke: stark.')).toBeInTheDocument();
  });

  it('leaves the login password alone', async () => {
    const user = userEvent.setup();
    await renderScreen(() => <Field />);
    await user.type(document.querySelector('input[name="password"]') as HTMLInputElement, 'abc123');
    expect(screen.getByText('Mindestens 6 Zeichen.')).toBeInTheDocument();
    expect(screen.queryByText(/Stärke|häufiges/)).toBeNull();
  });
});
