import type { Actor } from '../platform/access.ts';
import type { AppContext } from '../platform/context.ts';
import { pushImport } from '../modules/mappings/index.ts';

/** Lanes of the demo carrier: road distances in km between the cities (route planner figures). */
const LANES: [from: string, to: string, km: number][] = [
  ['Hamburg', 'Berlin', 289],
  ['Hamburg', 'München', 778],
  ['Hamburg', 'Köln', 425],
  ['Bremen', 'Hannover', 125],
  ['Bremen', 'Frankfurt am Main', 465],
  ['Hamburg', 'Leipzig', 395],
  ['Bremen', 'Dortmund', 235],
  ['Hamburg', 'Stuttgart', 665],
];
const SHIPPERS = [
  'Nordfrost GmbH',
  'Hanse Papier AG',
  'Elbe Maschinenbau KG',
  'Weser Getränke GmbH',
  'Baltic Retail SE',
];
const PLATES = ['HH-DL 401', 'HH-DL 402', 'HB-DL 17'];

/** A small deterministic generator, so every start builds the same demo history. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Six months of tours with their shipments for the demo carrier, ending today, as rows of the
 * JSON import. Some tours carry a measured fuel quantity, so both default and fuel-based results
 * appear on the dashboards.
 */
export function demoTourRows(today: Date, tours = 72): Record<string, string | number>[] {
  const next = random(20_260_301);
  const rows: Record<string, string | number>[] = [];
  for (let n = 1; n <= tours; n++) {
    const [from, to, km] = LANES[Math.floor(next() * LANES.length)];
    const date = new Date(today.getTime() - Math.floor(next() * 182) * 86_400_000);
    const plate = PLATES[n % PLATES.length];
    const small = plate === 'HB-DL 17';
    const tour: Record<string, string | number> = {
      tourReference: `DEMO-T${String(n).padStart(4, '0')}`,
      departureDate: day(date),
      departureCity: from,
      departureCountry: 'DE',
      arrivalCity: to,
      arrivalCountry: 'DE',
      licensePlate: plate,
      distance: km,
      emptyDistance: Math.round(km * next() * 0.2),
    };
    if (next() < 0.4) {
      // Fuel as the telematics would report it: about 25–32 l diesel per 100 km (17 l the 12 t truck).
      tour.fuelUsed = Math.round(km * (small ? 0.17 : 0.25 + next() * 0.07));
      tour.fuelType = 'diesel_b7';
      tour.fuelUnit = 'L';
    }
    if (small && next() < 0.5) tour.tourTags = 'Kühlware';
    const shipments = 1 + Math.floor(next() * 4);
    for (let k = 1; k <= shipments; k++) {
      const weight = small ? 500 + Math.round(next() * 1500) : 2000 + Math.round(next() * 8000);
      rows.push({
        ...tour,
        shipmentReference: `DEMO-S${String(n).padStart(4, '0')}-${k}`,
        orderNumber: `A-${26000 + n * 10 + k}`,
        shipper: SHIPPERS[Math.floor(next() * SHIPPERS.length)],
        weight,
        // Picked up and delivered on the lane itself: the shipment lists and exports show both places.
        originCity: from,
        originCountry: 'DE',
        destinationCity: to,
        destinationCountry: 'DE',
        carriage: 'Hauptlauf',
        ...(next() < 0.2 ? { shipmentTags: 'Express' } : {}),
      });
    }
  }
  return rows;
}

/** Queues the demo history as an import of the demo user, through the same pipeline as an upload. */
export async function queueDemoTours(ctx: AppContext, actor: Actor, today = new Date()): Promise<string> {
  const task = await pushImport(ctx, actor, { category: 'shipment', rows: demoTourRows(today) });
  return task.id;
}
