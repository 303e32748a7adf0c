import type { AppContext } from '../../platform/context.ts';
import { findCompany, insertCompany } from '../companies/index.ts';
import {
  type ShipmentInput,
  type TourInput,
  co2Columns,
  computeTourEmission,
  linkFigures,
} from './tours.emissions.ts';
import { SAMPLE_COMPANY_ID } from './tours.filters.ts';
import {
  type SampleLink,
  type ShipmentInsert,
  type TourInsert,
  lockSeed,
  replaceCompanyTours,
} from './tours.repository.ts';
import type { Place } from './tours.schema.ts';

/**
 * What basic companies see instead of their own tours (seed 000 §6: shipments 4, tours 5): the
 * tours and shipments of the sample company, read through the same queries as real data. The
 * emissions come from the real engine at each start, so they follow the engine's factors.
 */
type SampleShipment = {
  id: string;
  reference: string;
  orderNumber: string;
  shipper: string;
  description: string;
  weightKg: number;
  tags: string[];
  origin: Place;
  destination: Place;
};
type SampleTour = {
  id: string;
  reference: string;
  departureDate: string;
  arrivalDate: string;
  from: Place;
  to: Place;
  vehicleId: string | null;
  licensePlate: string | null;
  input: Omit<TourInput, 'weightKg'> & { weightKg?: number };
  tags: string[];
  legs: { shipment: string; carriage: ShipmentInput['carriage'] }[];
};

const place = (name: string, city: string, zip: string): Place => ({ name, city, zip, country: 'DE' });
const HH = place('Lager Hamburg', 'Hamburg', '20457');
const B = place('Umschlag Berlin', 'Berlin', '10115');
const L = place('Kunde Leipzig', 'Leipzig', '04103');
const HB = place('Lager Bremen', 'Bremen', '28195');
const H = place('Markt Hannover', 'Hannover', '30159');
const M = place('Frischezentrum München', 'München', '80331');
const KI = place('Filiale Kiel', 'Kiel', '24103');

const SHIPMENTS: SampleShipment[] = [
  {
    id: '00000000-0000-4000-8000-000000000301',
    reference: 'SEND-1001',
    orderNumber: 'A-2026-0101',
    shipper: 'Bio AG',
    description: 'Getränke auf Paletten',
    weightKg: 12000,
    tags: ['Palette'],
    origin: HH,
    destination: B,
  },
  {
    id: '00000000-0000-4000-8000-000000000302',
    reference: 'SEND-1002',
    orderNumber: 'A-2026-0102',
    shipper: 'Frisch KG',
    description: 'Molkereiprodukte',
    weightKg: 6000,
    tags: ['Kühlware'],
    origin: HH,
    destination: L,
  },
  {
    id: '00000000-0000-4000-8000-000000000303',
    reference: 'SEND-1003',
    orderNumber: 'A-2026-0117',
    shipper: 'Bio AG',
    description: 'Trockensortiment',
    weightKg: 4000,
    tags: ['Palette'],
    origin: HB,
    destination: H,
  },
  {
    id: '00000000-0000-4000-8000-000000000304',
    reference: 'SEND-1004',
    orderNumber: 'A-2026-0140',
    shipper: 'Nordfrucht GmbH',
    description: 'Obst, gekühlt',
    weightKg: 18000,
    tags: ['Kühlware'],
    origin: HH,
    destination: M,
  },
];

// Plates and vehicle ids of the sample fleet (fleet.samples.ts), so the samples fit together.
const TRACTOR = { vehicleId: '00000000-0000-4000-8000-000000000101', licensePlate: 'HH-KD 101' };
const TRUCK = { vehicleId: '00000000-0000-4000-8000-000000000102', licensePlate: 'HH-KD 202' };
const tractor = { per100km: 29.5, fuelType: 'diesel', unit: 'L' as const };
const truck = { per100km: 21, fuelType: 'diesel_b7', unit: 'L' as const };

const TOURS: SampleTour[] = [
  {
    id: '00000000-0000-4000-8000-000000000201',
    reference: 'TOUR-2026-001',
    departureDate: '2026-03-03T05:30:00.000Z',
    arrivalDate: '2026-03-03T10:15:00.000Z',
    from: HH,
    to: B,
    ...TRACTOR,
    input: {
      glecVehicleType: 'road_in_tractor_30_60t_diesel',
      distanceKm: 290,
      emptyDistanceKm: 30,
      temperatureControl: false,
      fuel: null,
      consumption: [tractor],
    },
    tags: ['Fernverkehr'],
    legs: [
      { shipment: 'SEND-1001', carriage: 'main_carriage' },
      { shipment: 'SEND-1002', carriage: 'main_carriage' },
    ],
  },
  {
    id: '00000000-0000-4000-8000-000000000202',
    reference: 'TOUR-2026-002',
    departureDate: '2026-03-04T06:00:00.000Z',
    arrivalDate: '2026-03-04T08:45:00.000Z',
    from: B,
    to: L,
    ...TRUCK,
    input: {
      glecVehicleType: 'road_in_12_20t_diesel',
      distanceKm: 190,
      emptyDistanceKm: 190,
      temperatureControl: true,
      fuel: null,
      consumption: [truck],
    },
    tags: ['Nahverkehr'],
    legs: [{ shipment: 'SEND-1002', carriage: 'on_carriage' }],
  },
  {
    id: '00000000-0000-4000-8000-000000000203',
    reference: 'TOUR-2026-003',
    departureDate: '2026-03-24T07:00:00.000Z',
    arrivalDate: '2026-03-24T09:00:00.000Z',
    from: HB,
    to: H,
    licensePlate: null,
    vehicleId: null,
    input: {
      glecVehicleType: 'road_in_12_20t_diesel',
      distanceKm: 125,
      emptyDistanceKm: null,
      temperatureControl: false,
      fuel: null,
      consumption: null,
    },
    tags: ['Nahverkehr'],
    legs: [{ shipment: 'SEND-1003', carriage: 'main_carriage' }],
  },
  {
    id: '00000000-0000-4000-8000-000000000204',
    reference: 'TOUR-2026-004',
    departureDate: '2026-04-07T04:00:00.000Z',
    arrivalDate: '2026-04-07T13:30:00.000Z',
    from: HH,
    to: M,
    ...TRACTOR,
    input: {
      glecVehicleType: 'road_in_tractor_30_60t_diesel',
      distanceKm: 780,
      emptyDistanceKm: 40,
      temperatureControl: true,
      fuel: [{ fuelType: 'diesel', amount: 241, unit: 'L' }],
      consumption: [tractor],
    },
    tags: ['Fernverkehr', 'Kühlung'],
    legs: [{ shipment: 'SEND-1004', carriage: 'main_carriage' }],
  },
  {
    id: '00000000-0000-4000-8000-000000000205',
    reference: 'TOUR-2026-005',
    departureDate: '2026-04-15T08:00:00.000Z',
    arrivalDate: '2026-04-15T09:40:00.000Z',
    from: HH,
    to: KI,
    ...TRUCK,
    input: {
      glecVehicleType: 'road_in_12_20t_diesel',
      distanceKm: 100,
      emptyDistanceKm: 100,
      temperatureControl: false,
      fuel: null,
      consumption: [truck],
      // A tour without shipments (an empty return run): counted in tours, not in trips.
      weightKg: 1500,
    },
    tags: ['Nahverkehr'],
    legs: [],
  },
];

/** The sample company's tours, shipments and links with the engine's figures; no database access. */
export function sampleRows(): { tours: TourInsert[]; shipments: ShipmentInsert[]; links: SampleLink[] } {
  const byRef = new Map(SHIPMENTS.map((s) => [s.reference, s]));
  const tours: TourInsert[] = [];
  const links: SampleLink[] = [];
  for (const t of TOURS) {
    const legs = t.legs.map((l) => ({ ...l, s: byRef.get(l.shipment) as SampleShipment }));
    const weightKg = legs.length ? legs.reduce((a, l) => a + l.s.weightKg, 0) : (t.input.weightKg ?? 0);
    const e = computeTourEmission(
      { ...t.input, weightKg },
      legs.map((l) => ({
        reference: l.s.reference,
        weightKg: l.s.weightKg,
        distanceKm: t.input.distanceKm,
        carriage: l.carriage,
      })),
    );
    tours.push({
      id: t.id,
      companyId: SAMPLE_COMPANY_ID,
      reference: t.reference,
      departure: t.from,
      arrival: t.to,
      departureDate: new Date(t.departureDate),
      arrivalDate: new Date(t.arrivalDate),
      glecVehicleType: t.input.glecVehicleType,
      vehicleId: t.vehicleId,
      licensePlate: t.licensePlate,
      weightKg,
      distanceKm: t.input.distanceKm,
      emptyDistanceKm: t.input.emptyDistanceKm,
      emptyRunningShare: e.emptyRunningShare,
      tkm: e.tkm,
      fuel: t.input.fuel,
      temperatureControl: t.input.temperatureControl,
      ...co2Columns(e),
      shipmentCount: legs.length,
      defaultResult: e.default,
      individualResult: e.individual,
      tags: t.tags,
    });
    legs.forEach((l, i) => {
      links.push({
        tourId: t.id,
        shipmentId: l.s.id,
        carriage: l.carriage,
        weightKg: l.s.weightKg,
        distanceKm: t.input.distanceKm,
        ...linkFigures(e.shipments[i]),
      });
    });
  }
  // Totals, departure date, vehicle type and tour count come from the links (replaceCompanyTours).
  const shipments: ShipmentInsert[] = SHIPMENTS.map((s) => ({
    id: s.id,
    companyId: SAMPLE_COMPANY_ID,
    reference: s.reference,
    orderNumber: s.orderNumber,
    shipper: s.shipper,
    description: s.description,
    weightKg: s.weightKg,
    origin: s.origin,
    destination: s.destination,
    tags: s.tags,
  }));
  return { tours, shipments, links };
}

/**
 * Writes the sample company and its tours, in one transaction: the company once (a platform
 * company without users: hidden from company lists, cannot be deleted, nobody signs in), its
 * tours and shipments at every start, so they always hold the engine's current figures.
 * Idempotent, and safe when several processes start at once.
 */
export async function seedSampleCompany(ctx: AppContext): Promise<void> {
  const rows = sampleRows();
  await ctx.db.transaction(async (tx) => {
    await lockSeed(tx, 'sample-company');
    if (!(await findCompany(tx, SAMPLE_COMPANY_ID))) {
      await insertCompany(tx, {
        id: SAMPLE_COMPANY_ID,
        name: 'Klimadesk Beispieldaten',
        isPlatform: true,
        isBasic: false,
        unlocked: true,
        modules: ['cft'],
      });
    }
    await replaceCompanyTours(tx, SAMPLE_COMPANY_ID, rows);
  });
}
