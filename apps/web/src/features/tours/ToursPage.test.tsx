import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Answer, pathOf } from '../../app/client.ts';
import { renderSignedIn, sessionConfigAnswer, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, errorAnswer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { ToursPage } from './ToursPage.tsx';

const place = (city: string) => ({ name: null, city, zip: null, country: 'DE' });
const TOURS = listFixture('tours', [
  {
    id: '00000000-0000-4000-8000-0000000000b1',
    reference: 'T-4711',
    departure: place('Hamburg'),
    arrival: place('Bremen'),
    departureDate: '2026-03-02',
    arrivalDate: '2026-03-02',
    glecTransportType: null,
    licensePlate: 'HH-DL 401',
    vehicleReference: null,
    weightKg: 1200,
    distanceKm: 120,
    emptyDistanceKm: 0,
    emptyRunningPercentage: 0,
    temperatureControl: false,
    shipmentCount: 1,
    tags: ['Kühlung'],
    emissions: {
      default: { ttw: 10, wtt: 2, wtw: 12 },
      individual: null,
      hubWtw: 0,
      tkm: 144,
      intensityDefault: 83.3,
      intensityIndividual: null,
    },
  },
]);

let calls: Call[];
let me: Answer<'me'>;

beforeEach(() => {
  me = meFixture({ routes: ['/tours'] });
  calls = stubApi((url) => {
    if (url.startsWith(pathOf('me'))) return answer('me', me);
    if (url === pathOf('sessionConfig')) return sessionConfigAnswer({ tourStartDate: '2026-03-01' });
    if (url.startsWith(pathOf('exportTours'))) return errorAnswer('emptyExport');
    if (url.startsWith(pathOf('tours'))) return answer('tours', TOURS);
  });
});

async function renderTours() {
  await renderSignedIn(() => <ToursPage />, '/tours');
  // The grid's first render with role queries can take over a second on a busy machine.
  return screen.findByRole('row', { name: /T-4711/ }, { timeout: 5000 });
}

const listCalls = () => calls.filter((c) => c.url.startsWith(`${pathOf('tours')}?`)).map((c) => c.url);

describe('tours list', () => {
  it('asks for the first page, newest first, in the remembered range, and exports the same filters', async () => {
    const row = await renderTours();
    expect(listCalls()).toEqual([
      `${pathOf('tours')}?page=1&limit=10&order%5BdepartureDate%5D=desc&departureDate%5Bafter%5D=2026-03-01`,
    ]);
    expect(within(row).getByText('Kühlung')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Touren' })).toBeVisible();
    await userEvent.setup().click(screen.getByTestId('tours-export'));
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        `${pathOf('exportTours')}?departureDate%5Bafter%5D=2026-03-01`,
      ),
    );
  });

  it('keeps the export closed in the basic edition and says the rows are samples', async () => {
    me = meFixture({ routes: ['/tours'], company: { isBasic: true, unlocked: false } });
    await renderTours();
    expect(screen.getByTestId('tours-export')).toBeDisabled();
    expect(screen.getByTestId('sample-upgrade-hint')).toBeVisible();
  });
});
