import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { webTexts } from '../../test/messages.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import { WithMe, type Call } from '../../test/emissions.tsx';
import { fixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { VehiclesPage } from '../fleet/VehiclesPage.tsx';
import { MappingsPage } from './MappingsPage.tsx';
import { pathOf } from '../../app/client.ts';

const deMappings = webTexts.de.mappings;
const enMappings = webTexts.en.mappings;
const deFleet = webTexts.de.fleet;
const enFleet = webTexts.en.fleet;
const deTours = webTexts.de.tours;
const enTours = webTexts.en.tours;

const BASIC_ADMIN = meFixture({
  roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'],
  company: { isBasic: true, unlocked: false },
});
const EMPTY = { 'hydra:member': [], 'hydra:totalItems': 0 };

let me: typeof BASIC_ADMIN;
let calls: Call[];

beforeAll(async () => {
  await setupTestI18n();
  for (const [lang, bundles] of [
    ['de', { mappings: deMappings, fleet: deFleet, tours: deTours }],
    ['en', { mappings: enMappings, fleet: enFleet, tours: enTours }],
  ] as const) {
    for (const [ns, bundle] of Object.entries(bundles)) i18n.addResourceBundle(lang, ns, bundle, true, true);
  }
});

beforeEach(async () => {
  await i18n.changeLanguage('de');
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body && typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      if (url.startsWith(pathOf('me'))) return Response.json(me);
      if (url.startsWith(pathOf('mappingFields'))) return Response.json(fixture('mappingFields', EMPTY));
      if (url.startsWith(pathOf('mappings'))) return Response.json(fixture('mappings', EMPTY));
      if (url.startsWith(pathOf('vehicles'))) return Response.json(fixture('vehicles', EMPTY));
      return Response.json({ code: 50310, message: 'notFound' }, { status: 404 });
    }),
  );
});

const page = (ui: () => React.ReactElement, path: string) =>
  renderScreen(() => <WithMe>{ui()}</WithMe>, path);

describe('basic edition', () => {
  it('disables the mapping wizard up front and says why', async () => {
    me = BASIC_ADMIN;
    await page(() => <MappingsPage />, '/system/mappings');
    expect(await screen.findByTestId('mapping-create')).toBeDisabled();
    expect(screen.getByTestId('mapping-upgrade-hint')).toHaveTextContent(
      'Importe gibt es in der Professional-Edition',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers the upgrade on the fleet banner in words, not as a key', async () => {
    me = BASIC_ADMIN;
    await page(() => <VehiclesPage />, '/fleet/vehicles');
    const banner = await screen.findByTestId('fleet-upgrade-hint');
    expect(within(banner).getByRole('button', { name: 'Auf Professional upgraden' })).toBeVisible();
    expect(banner).not.toHaveTextContent('upgrade.button');
  });
});
