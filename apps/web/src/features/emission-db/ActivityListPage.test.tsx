import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import type { Activity } from '@klimadesk/contract/emission-db/schemas';
import { webTexts } from '../../test/messages.ts';
import { WithMe, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import { ActivityListPage } from './ActivityListPage.tsx';
import { pathOf } from '../../app/client.ts';

const deEmissionDb = webTexts.de.emissionDb;
const enEmissionDb = webTexts.en.emissionDb;

const ADMIN = meFixture({ roles: ['ROLE_SMP_ADMIN'], routes: ['/emission-db/activity-list'] });
const DESNZ = { id: '44444444-4444-4444-8444-444444444444', name: 'UK DESNZ' };

const activity = (over: Partial<Activity>): Activity => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Diesel (durchschnittliche Biokraftstoffbeimischung)',
  description: null,
  synonyms: ['Dieselkraftstoff'],
  internalName: null,
  categories: ['mobile-combustion', 'stationary-combustion'],
  translations: {
    de: { name: 'Diesel (durchschnittliche Biokraftstoffbeimischung)', description: null, synonyms: [] },
    en: { name: 'Diesel (average biofuel blend)', description: null, synonyms: [] },
  },
  treatmentId: null,
  isCustom: false,
  companyId: null,
  factorCount: 4,
  baseUnits: ['l', 'kWh-net'],
  countries: [],
  sources: [{ id: '55555555-5555-4555-8555-555555555555', name: 'DESNZ 2025' }],
  ...over,
});

const ROWS = [
  activity({}),
  activity({
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Strom aus dem Netz',
    categories: ['purchased-electricity'],
    translations: {
      de: { name: 'Strom aus dem Netz', description: null, synonyms: [] },
      en: { name: 'Grid electricity', description: null, synonyms: [] },
    },
    factorCount: 1025,
    baseUnits: ['kWh'],
  }),
];

let calls: Call[];
const searches = () =>
  calls
    .filter((c) => c.url.startsWith(pathOf('searchActivities')))
    .map((c) => new URL(c.url, 'http://x').searchParams);

beforeAll(async () => {
  await setupTestI18n();
  i18n.addResourceBundle('de', 'emissionDb', deEmissionDb, true, true);
  i18n.addResourceBundle('en', 'emissionDb', enEmissionDb, true, true);
});

beforeEach(async () => {
  await i18n.changeLanguage('de');
  calls = stubApi((url) => {
    if (url.startsWith(pathOf('me'))) return Response.json(ADMIN);
    if (url.startsWith(pathOf('searchActivities')))
      return answer('searchActivities', listFixture('searchActivities', ROWS));
    if (url.startsWith(pathOf('sources'))) return answer('sources', listFixture('sources', []));
    if (url.startsWith(pathOf('emissionProviders')))
      return answer('emissionProviders', listFixture('emissionProviders', [{ ...DESNZ, factorCount: 2078 }]));
    if (url.startsWith(pathOf('countries'))) return answer('countries', listFixture('countries', []));
    return undefined;
  });
});

describe('activity list', () => {
  it('shows each activity in both languages with its categories, factor count, units and source', async () => {
    await renderScreen(() => <WithMe>{<ActivityListPage />}</WithMe>, '/emission-db/activity-list');
    const table = await screen.findByTestId('activity-table');
    const diesel = (
      await within(table).findByText('Diesel (durchschnittliche Biokraftstoffbeimischung)', undefined, {
        timeout: 15_000,
      })
    ).closest('[role="row"]') as HTMLElement;
    expect(diesel).toHaveTextContent('Diesel (average biofuel blend)');
    expect(diesel).toHaveTextContent('Mobile Verbrennung');
    expect(diesel).toHaveTextContent('Liter, kWh (Hu)');
    expect(diesel).toHaveTextContent('DESNZ 2025');
    const grid = within(table).getByText('Strom aus dem Netz').closest('[role="row"]') as HTMLElement;
    // German thousands: 1.025 factors.
    expect(grid).toHaveTextContent('1.025');
    expect(grid).toHaveTextContent('Eingekaufter Strom');
    expect(within(diesel).getByRole('link')).toHaveAttribute(
      'href',
      `/emission-db/edit-activity/${ROWS[0].id}`,
    );
  }, 30_000);

  it('asks the ranked search with the term, the filters and the sorting, back on page 1', async () => {
    const user = userEvent.setup({ delay: null });
    await renderScreen(() => <WithMe>{<ActivityListPage />}</WithMe>, '/emission-db/activity-list');
    await screen.findByText('Strom aus dem Netz', undefined, { timeout: 15_000 });
    expect(searches()[0].get('sorting')).toBe('relevance');
    expect(searches()[0].get('page')).toBe('1');
    expect(searches()[0].get('limit')).toBe('30');

    await user.type(screen.getByRole('textbox', { name: 'Aktivität suchen' }), 'Diesel');
    await waitFor(() => expect(searches().at(-1)?.get('term')).toBe('Diesel'));

    await user.click(screen.getByRole('combobox', { name: 'Sortierung' }));
    await user.click(await screen.findByRole('option', { name: 'Name (Z–A)' }));
    await waitFor(() => expect(searches().at(-1)?.get('sorting')).toBe('-name'));

    await user.click(screen.getByRole('combobox', { name: 'Anbieter' }));
    await user.click(await screen.findByRole('option', { name: 'UK DESNZ' }));
    await waitFor(() => expect(searches().at(-1)?.get('provider')).toBe(DESNZ.id));

    await user.click(screen.getByRole('combobox', { name: 'Kategorien' }));
    await user.click(await screen.findByRole('option', { name: 'Scope 2' }));
    await user.click(await screen.findByRole('option', { name: 'Eingekaufter Strom' }));
    await waitFor(() => expect(searches().at(-1)?.get('categories')).toBe('scope2,purchased-electricity'));
    const last = searches().at(-1)!;
    expect([last.get('term'), last.get('sorting'), last.get('provider'), last.get('page')]).toEqual([
      'Diesel',
      '-name',
      DESNZ.id,
      '1',
    ]);
  }, 60_000);
});
