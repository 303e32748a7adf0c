import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../test/render.tsx';
import { fixture } from '../../test/fixtures.ts';
import { CalculationSheet } from './CalculationSheet.tsx';

const place = { name: null, city: 'Hamburg', zip: '20095', country: 'DE' };
const emissions = {
  default: { ttw: 1, wtt: 0.2, wtw: 1.2 },
  individual: null,
  hubWtw: 0,
  tkm: 40,
  intensityDefault: 30,
  intensityIndividual: null,
};

// The trace as the shipment detail answers it, checked against the contract.
const shipment = fixture('getShipment', {
  id: '00000000-0000-4000-8000-0000000000a1',
  reference: 'S-1',
  orderNumber: null,
  shipper: 'Nordfrost GmbH',
  description: null,
  weightKg: 1200,
  loadedDistanceKm: 33.3333,
  origin: place,
  destination: place,
  departureDate: '2026-03-02',
  tours: [],
  tags: [],
  emissions,
  legs: [
    {
      tourId: '00000000-0000-4000-8000-0000000000b1',
      tourReference: 'T-1',
      carriage: 'main_carriage',
      departure: place,
      arrival: place,
      departureDate: '2026-03-02',
      glecTransportType: null,
      licensePlate: null,
      distanceKm: 33.3333,
      weightKg: 1200,
      share: 1,
      emissions,
      factorSet: null,
      method: 'default',
      primaryData: null,
      trace: [
        {
          step: 'activity',
          label: 'Transportleistung',
          formula: 'tkm = m x d',
          inputs: { massT: 1.2, distanceKm: 33.3333 },
          output: { tkm: 40 },
          names: {
            massT: 'Masse (t)',
            distanceKm: 'Transportentfernung (km)',
            tkm: 'Transportleistung (tkm)',
          },
        },
      ],
      sheet: '',
    },
  ],
});

describe('calculation sheet', () => {
  it('shows the names the API sends instead of variable keys', async () => {
    const { trace } = shipment.legs[0];
    await renderScreen(() => <CalculationSheet trace={trace} sheet="" lang="de" title="Rechenweg" />);
    expect(screen.getByText('Masse (t)')).toBeInTheDocument();
    expect(screen.getByText('Transportentfernung (km)')).toBeInTheDocument();
    expect(screen.queryByText('massT')).toBeNull();
  });
});
