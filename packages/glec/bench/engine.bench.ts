/**
 * Engine benchmark: single-leg calculations per second and the bulk allocation of 1,000,000
 * shipments over 200,000 tours, with peak memory. Run: npm run bench -w packages/glec
 */
import {
  allocateTourEmissions,
  allocateToursColumnar,
  calculateLegEmission,
  type LegEmissionInput,
} from '../src/index.ts';

const legs: LegEmissionInput[] = [
  {
    transportMode: 'road',
    glecVehicleType: 'road_eu_artic_40t_avg_diesel',
    weight: 12_000,
    weightUnit: 'kg',
    distance: 420,
    distanceType: 'SFD',
    temperatureControl: false,
  },
  {
    transportMode: 'road',
    glecVehicleType: 'road_eu_van_diesel',
    weight: 0.4,
    weightUnit: 't',
    distance: 60,
    distanceType: 'actual',
    temperatureControl: true,
  },
  {
    transportMode: 'rail',
    glecVehicleType: 'rail_eu_electric_avg',
    weight: 24,
    weightUnit: 't',
    distance: 700,
    distanceType: 'SFD',
    temperatureControl: false,
  },
  {
    transportMode: 'sea',
    glecVehicleType: 'sea_container_asia_north_europe_dry',
    weight: 18,
    weightUnit: 't',
    distance: 19_500,
    distanceType: 'SFD',
    temperatureControl: true,
    containers: [{ size: '40ft', count: 1 }],
  },
  {
    transportMode: 'air',
    glecVehicleType: 'air_unknown_long',
    weight: 350,
    weightUnit: 'kg',
    distance: 6_095,
    distanceType: 'actual',
    temperatureControl: false,
  },
  {
    transportMode: 'road',
    glecVehicleType: 'road_eu_artic_40t_avg_diesel',
    weight: 20,
    weightUnit: 't',
    distance: 300,
    distanceType: 'SFD',
    temperatureControl: false,
    fuel: [
      { fuelType: 'diesel', amount: 95, unit: 'L' },
      { fuelType: 'electricity_de', amount: 40, unit: 'kWh' },
    ],
  },
];

function peakMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

function benchLegs(trace: boolean, seconds: number): number {
  const options = { trace };
  let n = 0;
  let sink = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 10_000; i++) {
      const r = calculateLegEmission(legs[i % legs.length]!, undefined, options);
      if (r.ok) sink += r.value.co2Wtw;
    }
    n += 10_000;
  }
  if (!(sink > 0)) throw new Error('no result');
  return n;
}

function legRate(trace: boolean): number {
  benchLegs(trace, 0.5); // warm-up
  const t0 = performance.now();
  const n = benchLegs(trace, 2);
  return n / ((performance.now() - t0) / 1000);
}

// Deterministic pseudo-random numbers (no clock in the data).
let seed = 42;
function rnd(): number {
  seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
  return seed / 4_294_967_296;
}

function buildTours(tours: number, shipments: number) {
  const offsets = new Uint32Array(tours + 1);
  // Spread shipments 1..9 per tour, exactly `shipments` in total.
  const counts = new Uint32Array(tours).fill(1);
  for (let left = shipments - tours; left > 0;) {
    const t = Math.floor(rnd() * tours);
    if (counts[t]! < 9) {
      counts[t]! += 1;
      left--;
    }
  }
  for (let t = 0; t < tours; t++) offsets[t + 1] = offsets[t]! + counts[t]!;
  const massT = new Float64Array(shipments);
  const distanceKm = new Float64Array(shipments);
  for (let i = 0; i < shipments; i++) {
    massT[i] = rnd() < 0.02 ? NaN : 0.05 + rnd() * 10; // 2 % without mass -> tour goes by count
    distanceKm[i] = 5 + rnd() * 600;
  }
  const tourTtwKg = new Float64Array(tours);
  const tourWttKg = new Float64Array(tours);
  for (let t = 0; t < tours; t++) {
    tourTtwKg[t] = 20 + rnd() * 800;
    tourWttKg[t] = tourTtwKg[t]! * 0.3;
  }
  return { tourTtwKg, tourWttKg, tourOffsets: offsets, massT, distanceKm };
}

const TOURS = 200_000;
const SHIPMENTS = 1_000_000;

console.log(`node ${process.version}, ${process.arch}`);
const withTrace = legRate(true);
const withoutTrace = legRate(false);
console.log(
  `single legs, full response with trace : ${Math.round(withTrace).toLocaleString('en')} calculations/s`,
);
console.log(
  `single legs, trace switched off        : ${Math.round(withoutTrace).toLocaleString('en')} calculations/s`,
);
console.log(`peak RSS after leg runs: ${peakMb().toFixed(0)} MB`);

const data = buildTours(TOURS, SHIPMENTS);
const rssBefore = process.memoryUsage().rss / 1024 / 1024;
const runs: number[] = [];
let checksum = 0;
for (let run = 0; run < 5; run++) {
  const t0 = performance.now();
  const r = allocateToursColumnar(data);
  runs.push(performance.now() - t0);
  if (!r.ok) throw new Error(r.error.message);
  checksum = 0;
  for (let i = 0; i < SHIPMENTS; i++) checksum += r.value.ttwG[i]!;
}
let expected = 0;
for (let t = 0; t < TOURS; t++) expected += Math.round(data.tourTtwKg[t]! * 1000);
if (checksum !== expected) throw new Error(`allocation sum ${checksum} != ${expected}`);
runs.sort((a, b) => a - b);
console.log(
  `columnar allocation, ${SHIPMENTS.toLocaleString('en')} shipments / ${TOURS.toLocaleString('en')} tours: ` +
    `best ${runs[0]!.toFixed(0)} ms, median ${runs[2]!.toFixed(0)} ms (${Math.round(SHIPMENTS / (runs[2]! / 1000)).toLocaleString('en')} shipments/s); sums exact`,
);

console.log(`peak RSS after columnar allocation: ${peakMb().toFixed(0)} MB`);

// Object form (API path, per-shipment trace step) over the same data, for comparison.
const t0 = performance.now();
let objectShipments = 0;
for (let t = 0; t < TOURS; t++) {
  const from = data.tourOffsets[t]!;
  const to = data.tourOffsets[t + 1]!;
  const shipments = [];
  for (let i = from; i < to; i++) {
    const m = data.massT[i]!;
    shipments.push(
      Number.isNaN(m)
        ? { id: `s${i}`, distance: data.distanceKm[i]! }
        : { id: `s${i}`, weight: m, weightUnit: 't' as const, distance: data.distanceKm[i]! },
    );
  }
  const r = allocateTourEmissions({
    tour: { co2Ttw: data.tourTtwKg[t]!, co2Wtt: data.tourWttKg[t]! },
    shipments,
  });
  if (!r.ok) throw new Error(r.error.message);
  objectShipments += r.value.shipments.length;
}
const objectMs = performance.now() - t0;
console.log(
  `object allocation (with trace step), same data: ${objectMs.toFixed(0)} ms for ${objectShipments.toLocaleString('en')} shipments`,
);
console.log(
  `RSS before allocation: ${rssBefore.toFixed(0)} MB; peak RSS of the process: ${peakMb().toFixed(0)} MB`,
);
