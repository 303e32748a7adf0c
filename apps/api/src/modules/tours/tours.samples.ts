import { type ShipmentInput, type TourInput, computeTourEmission } from './tours.emissions.ts';
import type { LegRow, LinkRow, ShipmentRow, TourDetailRow } from './tours.queries.ts';
import type { Place } from './tours.schema.ts';

/**
 * What basic companies see instead of their own tours (seed 000 §6: shipments 4, tours 5). The
 * emissions come from the real engine at start-up, in the same row shapes the queries answer, so
 * lists, details and stats of the sample run through the same mapping code as real data.
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

export type SampleData = {
  tours: TourDetailRow[];
  shipments: ShipmentRow[];
  /** Links by tour id and by shipment id, with the tour columns for the shipment's legs. */
  links: LegRow[];
};

function build(): SampleData {
  const byRef = new Map(SHIPMENTS.map((s) => [s.reference, s]));
  const tours: TourDetailRow[] = [];
  const links: LegRow[] = [];
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
    const row: TourDetailRow = {
      id: t.id,
      reference: t.reference,
      departure: t.from,
      arrival: t.to,
      departure_date: t.departureDate,
      arrival_date: t.arrivalDate,
      glec_vehicle_type: t.input.glecVehicleType,
      vehicle_id: t.vehicleId,
      license_plate: t.licensePlate,
      vehicle_reference: null,
      weight_kg: weightKg,
      distance_km: t.input.distanceKm,
      empty_distance_km: t.input.emptyDistanceKm,
      empty_running_share: e.emptyRunningShare,
      tkm: e.tkm,
      temperature_control: t.input.temperatureControl,
      tags: t.tags,
      shipment_count: legs.length,
      co2_default_ttw: e.default.co2Ttw,
      co2_default_wtt: e.default.co2Wtt,
      co2_default_wtw: e.default.co2Wtw,
      co2_individual_ttw: e.individual?.co2Ttw ?? null,
      co2_individual_wtt: e.individual?.co2Wtt ?? null,
      co2_individual_wtw: e.individual?.co2Wtw ?? null,
      hub_co2_wtw: e.hubCo2Wtw,
      default_result: e.default,
      individual_result: e.individual,
    };
    tours.push(row);
    legs.forEach((l, i) => {
      const a = e.shipments[i];
      const link: LinkRow = {
        tour_id: t.id,
        shipment_id: l.s.id,
        carriage: l.carriage,
        weight_kg: l.s.weightKg,
        share: a.share,
        tkm: a.tkm ?? 0,
        co2_default_ttw: a.default.co2Ttw,
        co2_default_wtt: a.default.co2Wtt,
        co2_default_wtw: a.default.co2Wtw,
        co2_individual_ttw: a.individual?.co2Ttw ?? null,
        co2_individual_wtt: a.individual?.co2Wtt ?? null,
        co2_individual_wtw: a.individual?.co2Wtw ?? null,
        hub_co2_wtw: a.hubCo2Wtw,
      };
      links.push({ ...row, ...link, tour_reference: t.reference, link_distance_km: t.input.distanceKm });
    });
  }
  const sum = (xs: (number | null)[]) =>
    xs.some((x) => x !== null) ? xs.reduce<number>((a, x) => a + (x ?? 0), 0) : null;
  const shipments: ShipmentRow[] = SHIPMENTS.map((s) => {
    const own = links.filter((l) => l.shipment_id === s.id);
    return {
      id: s.id,
      reference: s.reference,
      order_number: s.orderNumber,
      shipper: s.shipper,
      description: s.description,
      weight_kg: s.weightKg,
      loaded_distance_km: null,
      origin: s.origin,
      destination: s.destination,
      departure_date: own.map((l) => l.departure_date as string).sort()[0] ?? null,
      tags: s.tags,
      tkm: sum(own.map((l) => l.tkm)),
      tours: own.map((l) => ({ id: l.tour_id, reference: l.tour_reference, carriage: l.carriage })),
      co2_default_ttw: sum(own.map((l) => l.co2_default_ttw)),
      co2_default_wtt: sum(own.map((l) => l.co2_default_wtt)),
      co2_default_wtw: sum(own.map((l) => l.co2_default_wtw)),
      co2_individual_ttw: sum(own.map((l) => l.co2_individual_ttw)),
      co2_individual_wtt: sum(own.map((l) => l.co2_individual_wtt)),
      co2_individual_wtw: sum(own.map((l) => l.co2_individual_wtw)),
      hub_co2_wtw: sum(own.map((l) => l.hub_co2_wtw)),
    };
  });
  return { tours, shipments, links };
}

let cached: SampleData | null = null;
export function sampleData(): SampleData {
  cached ??= build();
  return cached;
}
