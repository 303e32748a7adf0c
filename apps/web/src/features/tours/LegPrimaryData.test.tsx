import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathOf } from '../../app/client.ts';
import { WithMe, setupEmissionI18n, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, fixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { renderScreen } from '../../test/render.tsx';
import { LegPrimaryData } from './LegPrimaryData.tsx';

// A partner's footprint in use on a leg (decision 0018): the newer version on offer is accepted,
// and the primary data removed, each after a confirmation, through the apply route.

const place = { name: null, city: 'Hamburg', zip: '20095', country: 'DE' };
const PF = '00000000-0000-4000-8000-0000000000f1';
const NEXT = '00000000-0000-4000-8000-0000000000f2';
const TOUR = '00000000-0000-4000-8000-0000000000b1';
const shipment = fixture('getShipment', {
  id: '00000000-0000-4000-8000-0000000000a1',
  reference: 'S-1',
  orderNumber: null,
  shipper: null,
  description: null,
  weightKg: 2000,
  loadedDistanceKm: 70,
  origin: place,
  destination: place,
  departureDate: '2026-03-10',
  tours: [],
  tags: [],
  emissions: {
    default: { ttw: 9.7, wtt: 2.9, wtw: 12.6 },
    individual: { ttw: null, wtt: null, wtw: 16 },
    hubWtw: 0,
    tkm: 133.33,
    intensityDefault: 95,
    intensityIndividual: 120,
  },
  legs: [
    {
      tourId: TOUR,
      tourReference: 'T-1',
      carriage: 'main_carriage',
      departure: place,
      arrival: place,
      departureDate: '2026-03-10',
      glecTransportType: null,
      licensePlate: null,
      distanceKm: 70,
      weightKg: 2000,
      share: 1,
      emissions: {
        default: { ttw: 9.7, wtt: 2.9, wtw: 12.6 },
        individual: { ttw: null, wtt: null, wtw: 16 },
        hubWtw: 0,
        tkm: 133.33,
        intensityDefault: 95,
        intensityIndividual: 120,
      },
      factorSet: null,
      method: 'primary',
      primaryData: {
        partnerFootprintId: PF,
        partnerName: 'Partner X',
        footprintId: 'pf-1',
        version: 2,
        appliedAt: '2026-03-11T09:00:00.000Z',
        deprecated: false,
        newer: { partnerFootprintId: NEXT, footprintId: 'pf-1', version: 3, co2eWtwKg: 20, co2eTtwKg: 16 },
      },
      trace: [],
      sheet: '',
    },
  ],
});
const leg = shipment.legs[0]!;

let calls: Call[];
const WAIT = { timeout: 5000 };

const render = (roles: string[]) => {
  const me = meFixture({ roles: roles as never, routes: ['/shipments'], modules: ['cft'] });
  calls = stubApi((url, call) => {
    if (url.startsWith(pathOf('me'))) return answer('me', me);
    if (call.method === 'POST' && url.endsWith('/apply'))
      return answer('applyPartnerFootprint', {
        id: PF,
        connectionId: PF,
        connectionName: 'Partner X',
        pfId: 'pf-1',
        shipmentReference: 'S-1',
        shipmentId: shipment.id,
        status: 'Active',
        co2eWtwKg: 20,
        tkm: 140,
        massKg: 2000,
        primaryDataShare: 100,
        periodStart: '2026-03-01T00:00:00.000Z',
        periodEnd: '2026-03-31T00:00:00.000Z',
        fetchedAt: '2026-03-12T09:00:00.000Z',
        pfVersion: 3,
        appliedTourId: (call.body as { tourId: string | null }).tourId,
        appliedVersion: 3,
        legs: [{ tourId: TOUR, tourReference: 'T-1' }],
      });
    return undefined;
  });
  return renderScreen(() => (
    <WithMe>
      <LegPrimaryData leg={leg} lang="de" />
    </WithMe>
  ));
};

beforeEach(async () => {
  await setupEmissionI18n('de');
});

describe('LegPrimaryData', () => {
  it('offers the newer version and applies it to the leg after a confirmation', async () => {
    await render(['ROLE_CFT_ADMIN']);
    expect(
      await screen.findByText(/Primärdaten von Partner X in Gebrauch: Footprint pf-1, Version 2/, {}, WAIT),
    ).toBeTruthy();
    expect(
      screen.getByText(/Neuere Version 3 des Partner-Footprints verfügbar: neu 20[^(]*\(bisher 16/),
    ).toBeTruthy();
    await userEvent.click(screen.getByTestId('primary-data-accept'));
    const dialog = await screen.findByRole('dialog', { name: 'Neuere Version übernehmen?' });
    expect(within(dialog).getByText(/ändert sich von 16\S* kg CO₂e auf 20\S* kg CO₂e/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/apply'))).toBe(true), WAIT);
    expect(calls.find((c) => c.url.endsWith('/apply'))).toMatchObject({
      url: `/api/exchange-partner-footprints/${NEXT}/apply`,
      body: { tourId: TOUR },
    });
  });

  it('removes the primary data after a confirmation', async () => {
    await render(['ROLE_CFT_ADMIN']);
    await userEvent.click(await screen.findByTestId('primary-data-remove', {}, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Primärdaten entfernen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Primärdaten entfernen' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/apply'))).toBe(true), WAIT);
    expect(calls.find((c) => c.url.endsWith('/apply'))).toMatchObject({
      url: `/api/exchange-partner-footprints/${PF}/apply`,
      body: { tourId: null },
    });
  });

  it('shows a read-only user what is in use and on offer, without the actions', async () => {
    await render(['ROLE_CFT_READ_ONLY']);
    expect(await screen.findByText(/Neuere Version 3/, {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('primary-data-accept')).toBeNull();
    expect(screen.queryByTestId('primary-data-remove')).toBeNull();
  });
});
