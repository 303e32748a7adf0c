import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import i18n from 'i18next';
import { renderScreen } from '../../test/render.tsx';
import { ME, WithMe, setupEmissionI18n } from '../../test/emissions.tsx';
import { ListEmpty } from './ListEmpty.tsx';

let me: typeof ME;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) =>
      String(input).startsWith('/api/users/me')
        ? Response.json(me)
        : Response.json({ code: 50310, message: 'notFound' }, { status: 404 }),
    ),
  );
});

const show = (kind: 'tours' | 'shipments', filtered: boolean) =>
  renderScreen(
    () => (
      <WithMe>
        <ListEmpty kind={kind} filtered={filtered} />
      </WithMe>
    ),
    '/shipments',
  );

describe('empty freight lists', () => {
  it('point a freight user to the import, in German and English', async () => {
    await setupEmissionI18n('de');
    me = { ...ME, roles: ['ROLE_CFT_ADMIN'] };
    await show('shipments', false);
    expect(await screen.findByText('Noch keine Sendungen')).toBeVisible();
    expect(screen.getByTestId('empty-import')).toHaveAttribute('href', '/system/import-tasks');
    expect(screen.getByRole('link', { name: 'Zuordnung anlegen' })).toHaveAttribute(
      'href',
      '/system/mappings',
    );
    expect(screen.queryByText('Keine Einträge vorhanden.')).toBeNull();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('No shipments yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Import a file' })).toBeVisible();
  });

  it('ask read-only users to turn to an importer, and filtered lists to widen the filters', async () => {
    await setupEmissionI18n('de');
    me = { ...ME, roles: ['ROLE_CFT_READ_ONLY'] };
    const view = await show('tours', false);
    expect(await screen.findByText(/Bitten Sie sie um einen Import/)).toBeVisible();
    expect(screen.queryByTestId('empty-import')).toBeNull();
    view.unmount();
    await show('tours', true);
    expect(await screen.findByText('Nichts gefunden')).toBeVisible();
  });
});
