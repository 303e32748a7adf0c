import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MaintenanceScreen } from './MaintenanceScreen.tsx';
import { setupTestI18n } from '../test/render.tsx';
import { answer, errorAnswer } from '../test/fixtures.ts';
import { pathOf } from './client.ts';

describe('maintenance gate (seed 002 §2)', () => {
  it('rejects a wrong access password and lets the right one in', async () => {
    const i18n = await setupTestI18n('en');
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const { password } = JSON.parse(String(init?.body)) as { password: string };
      return password === 'open-sesame'
        ? answer('maintenanceAccess', { code: 20000, message: 'ok' })
        : errorAnswer('maintenancePasswordWrong');
    });
    vi.stubGlobal('fetch', fetchMock);
    const onGranted = vi.fn();
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18n}>
        <MaintenanceScreen until="2099-12-15T19:00:00Z" onGranted={onGranted} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Maintenance' })).toBeInTheDocument();
    const input = screen.getByLabelText('Access password', { selector: 'input' });
    await user.type(input, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Enter' }));
    expect(await screen.findByText('Incorrect password. Please try again.')).toBeInTheDocument();
    expect(onGranted).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, 'open-sesame');
    await user.click(screen.getByRole('button', { name: 'Enter' }));
    await vi.waitFor(() => expect(onGranted).toHaveBeenCalledOnce());
    expect(fetchMock).toHaveBeenLastCalledWith(
      pathOf('maintenanceAccess'),
      expect.objectContaining({ method: 'POST' }),
    );
    await i18n.changeLanguage('de');
  });
});
