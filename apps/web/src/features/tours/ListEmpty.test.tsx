import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import i18n from 'i18next';
import { type Answer, pathOf } from '../../app/client.ts';
import { renderSignedIn, stubApi } from '../../test/emissions.tsx';
import { answer } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { ListEmpty } from './ListEmpty.tsx';

let me: Answer<'me'>;

beforeEach(() => {
  stubApi((url) => (url.startsWith(pathOf('me')) ? answer('me', me) : undefined));
});

const show = (kind: 'tours' | 'shipments', filtered: boolean) =>
  renderSignedIn(() => <ListEmpty kind={kind} filtered={filtered} />, '/shipments');

describe('empty freight lists', () => {
  it('point a freight user to the import, in German and English', async () => {
    me = meFixture({ roles: ['ROLE_CFT_ADMIN'] });
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
    me = meFixture({ roles: ['ROLE_CFT_READ_ONLY'] });
    const view = await show('tours', false);
    expect(await screen.findByText(/Bitten Sie sie um einen Import/)).toBeVisible();
    expect(screen.queryByTestId('empty-import')).toBeNull();
    view.unmount();
    await show('tours', true);
    expect(await screen.findByText('Nichts gefunden')).toBeVisible();
  });
});
