/**
 * Built-in factor set: GLEC default intensities and fuel factors as gathered in the team reference
 * (glec.md). The GLEC v3.1 tables were not available, so most values are GLEC v3.2 (a few v3.0);
 * every value says which edition it was read from and is flagged `nearestEdition` when it is not v3.1.
 * Energy carriers without a GLEC value come from the CLECAT/UBA ISO 14083 guide (ifeu), marked non-GLEC.
 * Licence: GLEC default values may be used commercially only with written permission of Smart
 * Freight Centre (GLEC v3.2 p.6, read via [S3] section 4.4); see README.
 */
import type {
  FactorSet,
  FactorSource,
  FuelFactor,
  HubFactor,
  TemperatureRule,
  VehicleTypeFactor,
} from '../factor-set.ts';
import type { Label, TransportMode } from '../types.ts';
import { DESNZ_2025_ROAD, type DesnzRoadRow } from './desnz-2025-road.ts';

function src(ref: string, table: string, edition: FactorSource['edition'], computed?: string): FactorSource {
  const s: FactorSource = { ref, table, edition, nearestEdition: edition !== 'v3.1' };
  if (computed !== undefined) s.computed = computed;
  return s;
}

// --- Distance adjustment, temperature, container conventions ---------------------------------

const DAF_ROAD = src('S1', 'ISO 14083 guide Table 3; GLEC v3.2 p.100 via [S6]: actual = SFD x 1.05', 'v3.2');
const DAF_SEA = src('S1', 'ISO 14083 guide Table 3; [S3] section 4.3.3 (Clean Cargo): actual = SFD x 1.15', 'v3.2');
const DAF_AIR = src('S1', 'ISO 14083 guide Table 3; GLEC v3.2 p.94 via [S6]; [S3] 4.3.3: actual = GCD + 95 km', 'v3.2');
const DAF_RAIL = src('S1', 'ISO 14083 guide section 3.2.1; [S6]: rail actual = SFD (no DAF)', 'v3.2');
const DAF_IWW = src('S1', 'ISO 14083 guide section 3.2.1; [S3] 4.3.3: inland waterway no DAF', 'v3.2');

const UPLIFTS = {
  road_hgv: { value: 1.12, source: src('S6', 'GLEC v3.2 p.103: HGV > 3.5 t temperature-controlled +12 %', 'v3.2') },
  road_van: { value: 1.15, source: src('S6', 'GLEC v3.2 p.103: vans <= 3.5 t temperature-controlled +15 %', 'v3.2') },
  rail: { value: 1.12, source: src('S3', 'GLEC v3.2 p.98 (section 4.3.5; also [S6]): rail temperature-controlled +12 % (extrapolated from road)', 'v3.2') },
};

const UPLIFT_HGV: TemperatureRule = { kind: 'uplift', uplift: 'road_hgv' };
const UPLIFT_VAN: TemperatureRule = { kind: 'uplift', uplift: 'road_van' };
const UPLIFT_RAIL: TemperatureRule = { kind: 'uplift', uplift: 'rail' };
const NO_TC = (what: string): TemperatureRule => ({
  kind: 'unavailable',
  note: `GLEC publishes no temperature-controlled default for ${what}; the ambient value is used.`,
});

// --- Road ------------------------------------------------------------------------------------

// WTW-only rows are split with the GLEC v3.2 Europe diesel ratio TTW/WTW = 75.3/97.8 g/MJ ([S6] p.88).
const DIESEL_TTW_SHARE = 75.3 / 97.8;

const ER_ARTIC_EU = src('S6', 'GLEC v3.2 Table 8 p.101, "EU artic truck, average/mixed": empty running 17 %, LF 60 % (row not identified precisely)', 'v3.2');

function road(
  id: string,
  label: Label,
  region: string,
  wtt: number,
  ttw: number,
  source: FactorSource,
  temperature: TemperatureRule,
  extra: Partial<VehicleTypeFactor> = {},
): VehicleTypeFactor {
  return { id, mode: 'road', label, region, ttw, wtt, activityUnit: 'tkm', distanceBasis: 'planned', temperature, source, ...extra };
}

const IN13 = (row: string) => src('S5', `GLEC v3.2 Module 2 Table 13 (India road), ${row}`, 'v3.2');

const ROAD: VehicleTypeFactor[] = [
  road(
    'road_eu_van_diesel',
    { de: 'Transporter < 3,5 t zGG, Diesel (Europa)', en: 'Van < 3.5 t GVW, diesel (Europe)' },
    'Europe',
    842 * (1 - DIESEL_TTW_SHARE),
    842 * DIESEL_TTW_SHARE,
    src('S6', 'GLEC v3.2 Table 7 p.100: van < 3.5 t WTW 842 g/tkm', 'v3.2', 'TTW/WTT split = 842 x 75.3/97.8 (diesel ratio, GLEC v3.2 p.88)'),
    UPLIFT_VAN,
    { loadFactor: 0.4, emptyRunning: 0.09, emptyRunningSource: src('S6', 'GLEC v3.2 Table 7 p.100: van LF 40 %, empty running 9 %', 'v3.2') },
  ),
  road(
    'road_eu_artic_40t_avg_diesel',
    { de: 'Sattelzug bis 40 t zGG, Durchschnitt/gemischt, Diesel (Europa)', en: 'Artic truck up to 40 t GVW, average/mixed, diesel (Europe)' },
    'Europe',
    22,
    73,
    src('S8', 'GLEC v3.0 Table 8 (artic 34-40 t, average/mixed, diesel): WTT 22, TTW 73 g/tkm; also [S11]', 'v3.0'),
    UPLIFT_HGV,
    { loadFactor: 0.6, emptyRunning: 0.17, emptyRunningSource: ER_ARTIC_EU },
  ),
  road('road_in_lcv_3_5t_diesel', { de: 'Lkw ≤ 3,5 t zGG, Diesel (Indien)', en: 'Truck ≤ 3.5 t GVW, diesel (India)' }, 'India', 87.9, 291.6, IN13('<= 3.5 t diesel'), UPLIFT_VAN, { loadFactor: 0.83, emptyRunning: 0.109, emptyRunningSource: IN13('<= 3.5 t: LF 83.0 %, ER 10.9 %') }),
  road('road_in_lcv_3_5t_petrol', { de: 'Lkw ≤ 3,5 t zGG, Benzin (Indien)', en: 'Truck ≤ 3.5 t GVW, petrol (India)' }, 'India', 99.9, 312.4, IN13('<= 3.5 t petrol; Climatiq v3.2 0.4124 kg/tkm [S8] agrees'), UPLIFT_VAN, { loadFactor: 0.83, emptyRunning: 0.109, emptyRunningSource: IN13('<= 3.5 t: LF 83.0 %, ER 10.9 %') }),
  road('road_in_lcv_3_5t_cng', { de: 'Lkw ≤ 3,5 t zGG, CNG (Indien)', en: 'Truck ≤ 3.5 t GVW, CNG (India)' }, 'India', 133.7, 358.3, IN13('<= 3.5 t CNG'), UPLIFT_VAN, { loadFactor: 0.83, emptyRunning: 0.109, emptyRunningSource: IN13('<= 3.5 t: LF 83.0 %, ER 10.9 %') }),
  road('road_in_3_5t_diesel', { de: 'Lkw 3–5 t zGG, Diesel (Indien)', en: 'Truck 3–5 t GVW, diesel (India)' }, 'India', 51.4, 170.7, IN13('3-5 t diesel'), UPLIFT_HGV, { loadFactor: 0.827, emptyRunning: 0.109, emptyRunningSource: IN13('3-5 t: LF 82.7 %, ER 10.9 %') }),
  road('road_in_5_12t_diesel', { de: 'Lkw 5–12 t zGG, Diesel (Indien)', en: 'Truck 5–12 t GVW, diesel (India)' }, 'India', 32.4, 107.5, IN13('5-12 t diesel'), UPLIFT_HGV, { loadFactor: 0.788, emptyRunning: 0.108, emptyRunningSource: IN13('5-12 t: LF 78.8 %, ER 10.8 %') }),
  road('road_in_5_12t_cng', { de: 'Lkw 5–12 t zGG, CNG (Indien)', en: 'Truck 5–12 t GVW, CNG (India)' }, 'India', 45.9, 122.9, IN13('5-12 t CNG'), UPLIFT_HGV, { loadFactor: 0.788, emptyRunning: 0.108, emptyRunningSource: IN13('5-12 t: LF 78.8 %, ER 10.8 %') }),
  road('road_in_12_20t_diesel', { de: 'Lkw 12–20 t zGG, Diesel (Indien)', en: 'Truck 12–20 t GVW, diesel (India)' }, 'India', 20.9, 69.2, IN13('12-20 t diesel'), UPLIFT_HGV, { loadFactor: 0.768, emptyRunning: 0.124, emptyRunningSource: IN13('12-20 t: LF 76.8 %, ER 12.4 %') }),
  road('road_in_20_30t_diesel', { de: 'Lkw 20–30 t zGG, Diesel (Indien)', en: 'Truck 20–30 t GVW, diesel (India)' }, 'India', 19.1, 63.2, IN13('20-30 t diesel'), UPLIFT_HGV, { loadFactor: 0.694, emptyRunning: 0.12, emptyRunningSource: IN13('20-30 t: LF 69.4 %, ER 12.0 %') }),
  road('road_in_30_50t_diesel', { de: 'Lkw 30–50 t zGG, Diesel (Indien)', en: 'Truck 30–50 t GVW, diesel (India)' }, 'India', 15.4, 50.9, IN13('30-50 t diesel'), UPLIFT_HGV, { loadFactor: 0.683, emptyRunning: 0.144, emptyRunningSource: IN13('30-50 t: LF 68.3 %, ER 14.4 %') }),
  road('road_in_tractor_30_60t_diesel', { de: 'Sattelzug 30–60 t zGG, Diesel (Indien)', en: 'Tractor-trailer 30–60 t GVW, diesel (India)' }, 'India', 12.8, 42.3, IN13('tractor-trailer 30-60 t diesel'), UPLIFT_HGV, { loadFactor: 0.672, emptyRunning: 0.133, emptyRunningSource: IN13('tractor-trailer: LF 67.2 %, ER 13.3 %') }),
];

// European road classes where the GLEC v3.1 Europe table is not available: UK DESNZ GHG conversion
// factors 2025 per tonne-km (derived table, scripts/build-factors.ts). DESNZ divides by driven km, so
// the values are on the actual-distance basis and meet SFD activity with the road DAF.
const DESNZ_PUBLICATION = 'UK DESNZ GHG conversion factors 2025 (flat file v1.0, June 2025)';
const DESNZ_CLASS: Record<DesnzRoadRow['class'], { de: string; en: string; level3: string }> = {
  rigid_3_5_7_5t: { de: 'Motorwagen 3,5–7,5 t zGG', en: 'Rigid truck 3.5–7.5 t GVW', level3: 'Rigid (>3.5 - 7.5 tonnes)' },
  rigid_7_5_17t: { de: 'Motorwagen 7,5–17 t zGG', en: 'Rigid truck 7.5–17 t GVW', level3: 'Rigid (>7.5 tonnes-17 tonnes)' },
  rigid_17t: { de: 'Motorwagen > 17 t zGG', en: 'Rigid truck > 17 t GVW', level3: 'Rigid (>17 tonnes)' },
  artic_3_5_33t: { de: 'Sattelzug 3,5–33 t zGG', en: 'Articulated truck 3.5–33 t GVW', level3: 'Articulated (>3.5 - 33t)' },
  artic_33t: { de: 'Sattelzug > 33 t zGG', en: 'Articulated truck > 33 t GVW', level3: 'Articulated (>33t)' },
};
const DESNZ_LADEN: Record<DesnzRoadRow['laden'], { de: string; en: string; column: string }> = {
  avg: { de: 'Durchschnittsbeladung', en: 'average laden', column: 'Average laden' },
  '50': { de: '50 % beladen', en: '50 % laden', column: '50% Laden' },
  '100': { de: '100 % beladen', en: '100 % laden', column: '100% Laden' },
};

export const desnzRoadId = (r: Pick<DesnzRoadRow, 'class' | 'laden' | 'body'>) =>
  `road_eu_${r.class}_${r.laden}_${r.body === 'reefer' ? 'reefer_' : ''}diesel`;

function desnzRoad(r: DesnzRoadRow): VehicleTypeFactor {
  const c = DESNZ_CLASS[r.class];
  const l = DESNZ_LADEN[r.laden];
  const reefer = r.body === 'reefer';
  const body = reefer ? 'HGV refrigerated (all diesel)' : 'HGV (all diesel)';
  const source: FactorSource = {
    ...src('DESNZ', `Freighting goods / WTT- delivery vehs & freight, ${body}, ${c.level3}, ${l.column}, kg CO2e/tkm (rows ${r.ttwRow}, ${r.wttRow})`, 'non-GLEC'),
    publication: DESNZ_PUBLICATION,
    gwp: 'IPCC AR5 GWP100',
  };
  return {
    id: desnzRoadId(r),
    mode: 'road',
    label: {
      de: `${c.de}, ${l.de}, Diesel${reefer ? ', Kühlfahrzeug' : ''} (Europa)`,
      en: `${c.en}, ${l.en}, diesel${reefer ? ', refrigerated' : ''} (Europe)`,
    },
    region: 'Europe',
    ttw: r.ttw,
    wtt: r.wtt,
    activityUnit: 'tkm',
    distanceBasis: 'actual',
    temperature: reefer ? { kind: 'included' } : { kind: 'variant', vehicleType: desnzRoadId({ ...r, body: 'reefer' }) },
    source,
    note: 'UK fleet average of DESNZ 2025 (load and empty running inside), used for Europe where the GLEC v3.1 Europe table is not available.',
  };
}

ROAD.push(...DESNZ_2025_ROAD.map(desnzRoad));

// --- Rail ------------------------------------------------------------------------------------

function rail(id: string, label: Label, region: string, wtt: number, ttw: number, source: FactorSource, extra: Partial<VehicleTypeFactor> = {}): VehicleTypeFactor {
  return { id, mode: 'rail', label, region, ttw, wtt, activityUnit: 'tkm', distanceBasis: 'planned', temperature: UPLIFT_RAIL, source, ...extra };
}
const R45 = (row: string) => src('S3', `GLEC v3.2 Module 2 Tables 4-5 (rail), ${row}`, 'v3.2');

const RAIL: VehicleTypeFactor[] = [
  rail('rail_eu_diesel_avg', { de: 'Bahn Diesel, Durchschnitt/gemischt (Europa)', en: 'Rail diesel, average/mixed (Europe)' }, 'Europe', 7.1, 23.6, R45('EU diesel average/mixed; WTW 30.7 also in [S15]'), { loadFactor: 0.6, emptyRunning: 0.33, emptyRunningSource: R45('EU diesel average/mixed: LF 60 %, ER 33 %') }),
  rail('rail_eu_diesel_container', { de: 'Bahn Diesel, Container (Europa)', en: 'Rail diesel, container (Europe)' }, 'Europe', 6.6, 21.9, R45('EU diesel container'), { loadFactor: 0.5, emptyRunning: 0.17, emptyRunningSource: R45('EU diesel container: LF 50 %, ER 17 %') }),
  rail('rail_eu_diesel_cars', { de: 'Bahn Diesel, Pkw-Transport (Europa)', en: 'Rail diesel, cars (Europe)' }, 'Europe', 15.3, 50.7, R45('EU diesel cars'), { loadFactor: 0.85, emptyRunning: 0.33, emptyRunningSource: R45('EU diesel cars: LF 85 %, ER 33 %') }),
  rail('rail_eu_diesel_cereals', { de: 'Bahn Diesel, Getreide (Europa)', en: 'Rail diesel, cereals (Europe)' }, 'Europe', 4.7, 15.5, R45('EU diesel cereals'), { loadFactor: 1, emptyRunning: 0.38, emptyRunningSource: R45('EU diesel cereals: LF 100 %, ER 38 %') }),
  rail('rail_eu_electric_avg', { de: 'Bahn elektrisch, Durchschnitt (Europa, EU-Strommix)', en: 'Rail electric, average (Europe, EU mix)' }, 'Europe', 10.8, 0, R45('EU electric average, WTW 10.8, TTW 0 (also [S15])')),
  rail(
    'rail_eu_unknown_avg',
    { de: 'Bahn, Traktion unbekannt, Durchschnitt (Europa)', en: 'Rail, traction unknown, average (Europe)' },
    'Europe',
    18.4 - 0.38 * 23.6,
    0.38 * 23.6,
    src('S6', 'GLEC v3.2 Table 4 p.97: EU traction unknown (62 % electrified, UIC 2017) WTW 18.4; also [S3]', 'v3.2', 'TTW = 38 % diesel share x 23.6 (EU diesel TTW); WTT = 18.4 - TTW'),
  ),
  rail('rail_us_diesel', { de: 'Bahn Diesel (Nordamerika)', en: 'Rail diesel (North America)' }, 'North America', 2.7, 13.4, R45('US diesel')),
  rail('rail_in_mixed', { de: 'Bahn, gemischte Traktion (Indien)', en: 'Rail, mixed traction (India)' }, 'India', 6.4, 4.1, R45('India mixed traction; WTW 10.6 also in [S5]')),
];

// --- Sea: container trade lanes (per TEU-km, incl. the +15 % DAF and the table's load factor) ------

const T18 = (lane: string) => src('S5', `GLEC v3.2 Module 2 Table 18 (container trade lanes, g CO2e/TEU-km), ${lane}`, 'v3.2');

const LANES: [string, Label, number, number, number, number][] = [
  ['industry_average', { de: 'Branchendurchschnitt (Route unbekannt)', en: 'Industry average (lane unknown)' }, 12.7, 59, 25.3, 117],
  ['asia_north_europe', { de: 'Asien ↔ Nordeuropa', en: 'Asia ↔ North Europe' }, 8.2, 38.7, 19.4, 91.2],
  ['asia_mediterranean', { de: 'Asien ↔ Mittelmeer/Schwarzes Meer', en: 'Asia ↔ Mediterranean / Black Sea' }, 9.1, 43.1, 20.4, 96],
  ['trans_suez', { de: 'Trans-Suez (gesamt)', en: 'Trans-Suez (aggregate)' }, 8.9, 41.7, 20.1, 94.4],
  ['asia_north_america_west', { de: 'Asien ↔ Nordamerika Westküste', en: 'Asia ↔ North America West Coast' }, 12, 55, 24, 110.4],
  ['asia_north_america_east', { de: 'Asien ↔ Nordamerika Ostküste/Golf', en: 'Asia ↔ North America East Coast / Gulf' }, 10.5, 48.5, 21.9, 100.6],
  ['asia_south_america', { de: 'Asien ↔ Südamerika', en: 'Asia ↔ South America' }, 11.8, 55.9, 23.9, 112.2],
  ['asia_africa', { de: 'Asien ↔ Afrika', en: 'Asia ↔ Africa' }, 15.4, 72.8, 28.3, 133],
  ['asia_oceania', { de: 'Asien ↔ Ozeanien', en: 'Asia ↔ Oceania' }, 16.9, 79, 30.2, 141],
  ['asia_middle_east_india', { de: 'Asien ↔ Naher Osten/Indien', en: 'Asia ↔ Middle East / India' }, 13.8, 64.5, 26.5, 124.1],
  ['europe_middle_east_india', { de: 'Europa (Nord & Mittelmeer) ↔ Naher Osten/Indien', en: 'Europe (North & Med) ↔ Middle East / India' }, 13, 60.4, 24.6, 114.6],
  ['intra_middle_east_india', { de: 'Innerhalb Naher Osten/Indien', en: 'Intra Middle East / India' }, 20.5, 94, 37.2, 170.6],
  ['southeast_northeast_asia', { de: 'Südostasien ↔ Nordostasien', en: 'South-East Asia ↔ North-East Asia' }, 19.3, 89.2, 33.6, 155.2],
  ['intra_southeast_asia', { de: 'Innerhalb Südostasien', en: 'Intra South-East Asia' }, 23.5, 112.1, 39.5, 188],
];

const SEA_CONTAINER: VehicleTypeFactor[] = LANES.flatMap(([lane, label, dWtt, dTtw, rWtt, rTtw]) => {
  const base = { mode: 'sea' as TransportMode, region: 'Global', activityUnit: 'TEU-km' as const, distanceBasis: 'planned' as const, loadFactor: 0.7 };
  return [
    {
      ...base,
      id: `sea_container_${lane}_dry`,
      label: { de: `Containerschiff, trocken: ${label.de}`, en: `Container ship, dry: ${label.en}` },
      ttw: dTtw,
      wtt: dWtt,
      temperature: { kind: 'variant', vehicleType: `sea_container_${lane}_reefer` } as TemperatureRule,
      source: T18(`${label.en}, dry`),
    },
    {
      ...base,
      id: `sea_container_${lane}_reefer`,
      label: { de: `Containerschiff, Kühlcontainer: ${label.de}`, en: `Container ship, reefer: ${label.en}` },
      ttw: rTtw,
      wtt: rWtt,
      temperature: { kind: 'included' } as TemperatureRule,
      source: T18(`${label.en}, reefer`),
    },
  ];
});

// --- Sea: non-container vessels (per tkm, VLSFO, before the 15 % DAF) -------------------------------

const VESSELS: [string, Label, string, [string, number, number][]][] = [
  ['bulk', { de: 'Massengutfrachter', en: 'Bulk carrier' }, 'Table 14', [
    ['0-9,999 dwt', 5.6, 26.5], ['10,000-34,999 dwt', 1.5, 7.3], ['35,000-59,999 dwt', 1.1, 5.3],
    ['60,000-99,999 dwt', 0.9, 4.4], ['100,000-199,999 dwt', 0.6, 3.0], ['200,000+ dwt', 0.6, 2.7]]],
  ['general_cargo', { de: 'Stückgutfrachter', en: 'General cargo' }, 'Table 15', [
    ['0-4,999 dwt', 4.8, 22.4], ['5,000-9,999 dwt', 3.9, 18.1], ['10,000-19,999 dwt', 3.4, 16.1], ['20,000+ dwt', 1.8, 8.3]]],
  ['chemical_tanker', { de: 'Chemikalientanker', en: 'Chemical tanker' }, 'Table 16', [
    ['0-4,999 dwt', 10.9, 51.2], ['5,000-9,999 dwt', 4.8, 22.7], ['10,000-19,999 dwt', 3.3, 15.4],
    ['20,000-39,999 dwt', 2.0, 9.4], ['40,000+ dwt', 1.5, 7.2]]],
  ['oil_tanker', { de: 'Öltanker', en: 'Oil tanker' }, 'Table 16', [
    ['0-4,999 dwt', 15.6, 73.0], ['5,000-9,999 dwt', 8.5, 40.1], ['10,000-19,999 dwt', 6.7, 31.4],
    ['20,000-59,999 dwt', 3.3, 15.3], ['60,000-79,999 dwt', 1.9, 8.8], ['80,000-119,999 dwt', 1.5, 6.9],
    ['120,000-199,999 dwt', 1.1, 5.1], ['200,000+ dwt', 0.7, 3.1]]],
  ['liquefied_gas_tanker', { de: 'Flüssiggastanker', en: 'Liquefied gas tanker' }, 'Table 16', [
    ['0-49,999 m³', 8.6, 40.2], ['50,000-99,999 m³', 2.5, 11.7], ['100,000-199,999 m³', 2.0, 9.2], ['200,000+ m³', 2.1, 9.7]]],
  ['other_liquid_tanker', { de: 'Sonstiger Flüssigtanker', en: 'Other liquid tanker' }, 'Table 16', [
    ['0-999 dwt', 221.4, 1038.3], ['1,000+ dwt', 5.9, 27.8]]],
  ['refrigerated_bulk', { de: 'Kühlschiff (Massengut)', en: 'Refrigerated bulk' }, 'Table 17', [
    ['0-1,999 dwt', 28.7, 134.4], ['2,000-5,999 dwt', 13.9, 65.1], ['6,000-9,999 dwt', 10.4, 48.8], ['10,000+ dwt', 7.7, 35.9]]],
  ['ro_ro', { de: 'Ro-Ro-Schiff', en: 'Ro-Ro' }, 'Table 17', [
    ['0-4,999 dwt', 36.7, 172.2], ['5,000-9,999 dwt', 8.0, 37.7], ['10,000-14,999 dwt', 6.7, 31.3], ['15,000+ dwt', 3.5, 16.5]]],
  ['vehicle_carrier', { de: 'Autotransporter', en: 'Vehicle carrier' }, 'Table 17', [
    ['0-29,999 GT', 17.9, 83.7], ['30,000-49,999 GT', 8.5, 39.9], ['50,000+ GT', 6.9, 32.5]]],
  ['ferry_ropax', { de: 'Fähre Ro-Pax', en: 'Ferry Ro-Pax' }, 'Table 17', [
    ['0-1,999 GT', 96.6, 453.0], ['2,000-4,999 GT', 46.7, 218.8], ['5,000-9,999 GT', 36.1, 169.5],
    ['10,000-19,999 GT', 23.1, 108.3], ['20,000+ GT', 17.5, 81.8]]],
];

function sizeId(size: string): string {
  return size.replace(/,/g, '').replace(/\+/, '_plus').replace(/-/g, '_').replace(/ m³/, '_m3').replace(/ /g, '_').toLowerCase();
}

const SEA_VESSELS: VehicleTypeFactor[] = VESSELS.flatMap(([kind, label, table, rows]) =>
  rows.map(([size, wtt, ttw]) => {
    const v: VehicleTypeFactor = {
      id: `sea_${kind}_${sizeId(size)}`,
      mode: 'sea',
      label: { de: `${label.de} ${size.replace(/,/g, '.')}`, en: `${label.en} ${size}` },
      region: 'Global',
      ttw,
      wtt,
      activityUnit: 'tkm',
      distanceBasis: 'actual',
      temperature: kind === 'refrigerated_bulk' ? { kind: 'included' } : NO_TC(`${label.en.toLowerCase()} vessels`),
      source: src('S5', `GLEC v3.2 Module 2 ${table} (non-container vessels, VLSFO, before 15 % DAF), ${label.en} ${size}`, 'v3.2'),
    };
    if (kind === 'ro_ro' || kind === 'ferry_ropax') {
      v.note = 'Intensity refers to the gross mass of truck plus goods; re-allocate to the cargo inside the truck ([S3] 4.3.6).';
    }
    return v;
  }),
);

// --- Inland waterway ---------------------------------------------------------------------------

const IWW_ROWS: [string, Label, number, number][] = [
  ['motor_lt50m', { de: 'Motorschiff < 50 m (< 650 t)', en: 'Motor vessel < 50 m (< 650 t)' }, 17.8, 59.2],
  ['motor_50_80m', { de: 'Motorschiff 50–80 m (650–1.000 t)', en: 'Motor vessel 50–80 m (650–1,000 t)' }, 7.9, 26.1],
  ['motor_85_110m', { de: 'Motorschiff 85–110 m (1.000–2.000 t)', en: 'Motor vessel 85–110 m (1,000–2,000 t)' }, 4.9, 16.4],
  ['motor_135m', { de: 'Motorschiff 135 m (2.000–3.000 t)', en: 'Motor vessel 135 m (2,000–3,000 t)' }, 5.0, 16.7],
  ['coupled_convoy', { de: 'Koppelverband (163–185 m)', en: 'Coupled convoy (163–185 m)' }, 4.6, 15.1],
  ['pushed_convoy_2', { de: 'Schubverband, Schubboot + 2 Leichter', en: 'Pushed convoy, push boat + 2 barges' }, 4.7, 15.5],
  ['pushed_convoy_4_5', { de: 'Schubverband, Schubboot + 4/5 Leichter', en: 'Pushed convoy, push boat + 4/5 barges' }, 2.6, 8.7],
  ['tanker', { de: 'Tankschiff', en: 'Tanker vessel' }, 5.7, 19.0],
  ['container_110m', { de: 'Containerschiff 110 m', en: 'Container vessel 110 m' }, 6.8, 22.5],
  ['container_135m', { de: 'Containerschiff 135 m', en: 'Container vessel 135 m' }, 5.2, 17.4],
];

const IWW: VehicleTypeFactor[] = IWW_ROWS.map(([id, label, wtt, ttw]) => ({
  id: `iww_${id}`,
  mode: 'inland_waterway',
  label: { de: `Binnenschiff: ${label.de} (Europa)`, en: `Inland waterway: ${label.en} (Europe)` },
  region: 'Europe',
  ttw,
  wtt,
  activityUnit: 'tkm',
  distanceBasis: 'planned',
  temperature: NO_TC('inland waterway vessels'),
  source: src('S5', `GLEC v3.2 Module 2 Table 2 (inland waterways), ${label.en}`, 'v3.2'),
}));

// --- Air (per tkm on the air transport distance GCD + 95 km, GLEC; EN 16258) -----------------------

const AIR_ROWS: ['unknown' | 'freighter' | 'belly', Label, 'short' | 'long', number, number][] = [
  ['unknown', { de: 'Flugzeug unbekannt', en: 'Aircraft unknown' }, 'short', 234, 1129],
  ['unknown', { de: 'Flugzeug unbekannt', en: 'Aircraft unknown' }, 'long', 135, 653],
  ['freighter', { de: 'Frachtflugzeug', en: 'Freighter' }, 'short', 261, 1255],
  ['freighter', { de: 'Frachtflugzeug', en: 'Freighter' }, 'long', 105, 503],
  ['belly', { de: 'Beiladefracht (Passagierflugzeug)', en: 'Belly freight' }, 'short', 213, 1026],
  ['belly', { de: 'Beiladefracht (Passagierflugzeug)', en: 'Belly freight' }, 'long', 161, 775],
];

const AIR: VehicleTypeFactor[] = AIR_ROWS.map(([aircraft, label, haul, wtt, ttw]) => ({
  id: `air_${aircraft}_${haul}`,
  mode: 'air',
  label: {
    de: `${label.de}, ${haul === 'short' ? 'Kurzstrecke (< 1.500 km)' : 'Langstrecke (≥ 1.500 km)'}`,
    en: `${label.en}, ${haul === 'short' ? 'short haul (< 1,500 km)' : 'long haul (≥ 1,500 km)'}`,
  },
  region: 'Global',
  ttw,
  wtt,
  activityUnit: 'tkm',
  distanceBasis: 'planned',
  haul,
  aircraft,
  temperature: NO_TC('air freight (GLEC Table 1)'),
  source: src('S5', `GLEC v3.2 Module 2 Table 1 p.94 (air, GCD + 95 km included), ${label.en} ${haul} haul${aircraft === 'unknown' && haul === 'long' ? '; WTW 788 confirmed by [S6]' : ''}`, 'v3.2'),
}));

// --- Fuels ---------------------------------------------------------------------------------------

const T17 = (row: string, computed: string) => src('S1', `ISO 14083 guide Appendix A.3 Table 17 (ifeu), ${row}`, 'non-GLEC', computed);

/** ifeu rows are printed per MJ; per kg = g/MJ x LHV / 1000 (full precision, no rounding). */
function ifeuFuel(id: string, label: Label, ttwPerMJ: number, wttPerMJ: number, lhv: number, density: number | undefined, row: string): FuelFactor {
  const f: FuelFactor = {
    id,
    label,
    energyUnit: 'kg',
    ttw: (ttwPerMJ * lhv) / 1000,
    wtt: (wttPerMJ * lhv) / 1000,
    units: density === undefined ? ['kg'] : ['L', 'kg'],
    source: T17(row, `kg CO2e/kg = g/MJ x LHV ${lhv} MJ/kg / 1000 (TTW ${ttwPerMJ}, WTT ${wttPerMJ} g/MJ)`),
  };
  if (density !== undefined) {
    f.densityKgPerL = density;
    f.densitySource = src('S1', `ISO 14083 guide Table 17, ${row}: density ${density} kg/l`, 'non-GLEC');
  }
  return f;
}

/** GLEC Module 1 prints TTW and WTW per kg; WTT = WTW - TTW. `row` names the table and row. */
function glecFuel(id: string, label: Label, ttw: number, wtw: number, row: string, density?: number): FuelFactor {
  const m1 = (text: string) => `GLEC v3.2 Module 1 ${row} ${text}`;
  return {
    id,
    label,
    energyUnit: 'kg',
    ttw,
    wtt: wtw - ttw,
    ...(density === undefined ? {} : { densityKgPerL: density }),
    units: density === undefined ? ['kg'] : ['L', 'kg'],
    source: src('S5', m1(`TTW ${ttw}, WTW ${wtw} kg CO2e/kg`), 'v3.2', 'WTT = WTW - TTW'),
    ...(density === undefined ? {} : { densitySource: src('S5', m1(`density ${density} kg/l`), 'v3.2') }),
  };
}

/** ifeu prints electricity per MJ with TTW 0; per kWh = g/MJ x 3.6 MJ/kWh / 1000. */
function electricity(id: string, label: Label, wttPerMJ: number, row: string, basis = ''): FuelFactor {
  return {
    id,
    label,
    energyUnit: 'kWh',
    ttw: 0,
    wtt: (wttPerMJ * 3.6) / 1000,
    units: ['kWh'],
    source: T17(`${row}: TTW 0, WTT ${wttPerMJ} g/MJ`, `kg CO2e/kWh = ${wttPerMJ} g/MJ x 3.6 MJ/kWh / 1000${basis}`),
  };
}

const FUELS: FuelFactor[] = [
  {
    id: 'diesel',
    label: { de: 'Diesel (B0)', en: 'Diesel (B0)' },
    energyUnit: 'kg',
    ttw: 3.22,
    wtt: 4.19 - 3.22,
    densityKgPerL: 0.832,
    units: ['L', 'kg'],
    source: src('S6', 'GLEC v3.2 Module 1 diesel-biofuel blends table p.88 (Europe, B0): TTW 3.22, WTW 4.19 kg CO2e/kg; also [S14] p.77', 'v3.2', 'WTT = WTW - TTW'),
    densitySource: src('S1', 'ISO 14083 guide Table 17, diesel B0: density 0.832 kg/l', 'non-GLEC'),
  },
  ifeuFuel('diesel_b7', { de: 'Diesel mit 6,3 % Biodiesel (≈ B7)', en: 'Diesel with 6.3 % biodiesel (≈ B7)' }, 70.6, 23.22, 42.4, 0.836, 'diesel with 6.3 % biodiesel'),
  ifeuFuel('petrol', { de: 'Benzin', en: 'Petrol (gasoline)' }, 74.96, 24.01, 42.5, 0.743, 'petrol'),
  ifeuFuel('ethanol', { de: 'Ethanol (E100)', en: 'Ethanol (E100)' }, 0.14, 47.9, 27.0, 0.78, 'ethanol'),
  ifeuFuel('biodiesel_b100', { de: 'Biodiesel FAME (B100)', en: 'Biodiesel FAME (B100)' }, 1.16, 34.22, 37.0, 0.892, 'biodiesel FAME B100'),
  ifeuFuel('hvo100', { de: 'HVO100', en: 'HVO100' }, 1.16, 28.56, 44.0, 0.77, 'HVO100'),
  ifeuFuel('cng', { de: 'CNG (Erdgas, Lkw)', en: 'CNG (truck)' }, 56.08, 21.04, 49.2, undefined, 'CNG (SI truck)'),
  ifeuFuel('bio_cng', { de: 'Bio-CNG', en: 'Bio-CNG' }, 0.93, 24.72, 50.0, undefined, 'bio-CNG'),
  ifeuFuel('lng', { de: 'LNG (Lkw)', en: 'LNG (truck)' }, 57.35, 25.77, 49.1, undefined, 'LNG (SI truck)'),
  glecFuel('jet_kerosene', { de: 'Kerosin (Jet A-1)', en: 'Jet kerosene (Jet A-1)' }, 3.18, 3.84, 'air fuel:', 0.802),
  glecFuel('hfo_vlsfo', { de: 'Schweröl (VLSFO)', en: 'Heavy fuel oil (VLSFO)' }, 3.16, 3.84, 'marine: HFO (VLSFO)'),
  glecFuel('mgo', { de: 'Marinediesel (MGO/MDO)', en: 'Marine gas oil (MGO/MDO)' }, 3.26, 4.01, 'marine: MGO/MDO'),
  glecFuel('lng_marine', { de: 'LNG (Schiff)', en: 'LNG (marine)' }, 3.73, 4.61, 'marine: LNG default engine'),
  electricity('electricity_de', { de: 'Strom (Verbrauchsmix DE 2021)', en: 'Electricity (DE consumption mix 2021)' }, 123, 'electricity DE consumption mix 2021, medium voltage', ' (location-based, ISO 14083)'),
  electricity('electricity_de_rail', { de: 'Bahnstrom (DE 2021, am Stromabnehmer)', en: 'Rail electricity (DE 2021, at pantograph)' }, 131, 'electricity DE 2021 at train pantograph'),
];

// --- Hubs (kg CO2e WTW per tonne leaving the hub; v3.1 values not found) -------------------------

const T3 = (row: string) => src('S5', `GLEC v3.2 Module 2 Table 3 p.96 (logistics sites), ${row}`, 'v3.2');
const MIXED = 'GLEC v3.2 temperature-controlled column not available for this hub type; the mixed column stands in (marked)';

function hub(id: string, label: Label, ambient: number, mixed: number, row: string): HubFactor {
  return {
    id,
    label,
    activityUnit: 't',
    ambient: { wtw: ambient, source: T3(`${row}, ambient`) },
    temperatureControlled: { wtw: mixed, source: T3(`${row}, mixed`), substitute: MIXED },
  };
}

const HUBS: HubFactor[] = [
  hub('transhipment', { de: 'Umschlag (> 80 % Umschlag)', en: 'Transhipment (> 80 % transhipment)' }, 1.2, 2.6, 'transhipment'),
  hub('storage_transhipment', { de: 'Lager und Umschlag', en: 'Storage and transhipment' }, 2.7, 2.9, 'storage + transhipment'),
  hub('warehouse', { de: 'Lager (> 80 % Lagerung)', en: 'Warehouse (> 80 % storage)' }, 40.1, 50, 'warehouse (mixed: Fraunhofer IML lower-bound estimate)'),
  hub('liquid_bulk_terminal', { de: 'Flüssiggut-Terminal', en: 'Liquid bulk terminal' }, 3.4, 10.2, 'liquid bulk terminal'),
  {
    id: 'maritime_container_terminal',
    label: { de: 'Seehafen-Containerterminal', en: 'Maritime container terminal' },
    activityUnit: 'container',
    tonnesPerContainer: 10,
    tonnesPerContainerSource: src('S1', 'ISO 14083 guide Case A: 10.7 kg/container converted with 10 t per container', 'non-GLEC'),
    ambient: { wtw: 11.4, source: T3('maritime container terminal, ambient, kg CO2e per container') },
    temperatureControlled: { wtw: 13.4, source: T3('maritime container terminal, temperature-controlled, kg CO2e per container') },
  },
];

const GWP = (r: string) => src('S1', `ISO 14083 guide Table 19 (IPCC AR6 GWP100), ${r}`, 'non-GLEC');

export const GLEC_DEFAULT_FACTOR_SET: FactorSet = {
  id: 'glec-default',
  name: 'GLEC default values and fuel factors (v3.1 method; values v3.2/v3.0 where v3.1 was unavailable)',
  version: '2026.11.0',
  validFrom: '2025-03-01',
  description: 'Built-in set compiled from the team reference glec.md. Check each value against the official GLEC v3.1 PDF before go-live.',
  gwp: 'IPCC AR6 GWP100',
  distanceAdjustment: {
    road: { kind: 'multiplier', value: 1.05, source: DAF_ROAD },
    sea: { kind: 'multiplier', value: 1.15, source: DAF_SEA },
    air: { kind: 'additive', km: 95, source: DAF_AIR },
    rail: { kind: 'none', source: DAF_RAIL },
    inland_waterway: { kind: 'none', source: DAF_IWW },
  },
  temperatureUplifts: UPLIFTS,
  tonnesPerTeu: { value: 10, source: src('S3', 'GLEC v3.2 section 4.3.2: default cargo 10 t per TEU (light 6 t, heavy 14.5 t); [S1] A.1', 'v3.2') },
  teuPerContainer: { '20ft': 1, '40ft': 2, '45ft': 2.25 },
  teuPerContainerSource: src('S2', 'iLEAP TCE.packagingOrTrEqAmount: 40 ft = 2 TEU, 45 ft = 2.25 TEU', 'non-GLEC'),
  airHaulThresholdKm: { value: 1500, source: src('S2', 'iLEAP TOC.flightLength; [S1] A.2 (ISO Table A.1): short haul < 1,500 km', 'non-GLEC') },
  vehicleTypes: [...ROAD, ...RAIL, ...SEA_CONTAINER, ...SEA_VESSELS, ...IWW, ...AIR],
  fuels: FUELS,
  hubs: HUBS,
  refrigerants: [
    { id: 'R-134a', label: { de: 'R-134a', en: 'R-134a' }, gwp100: 1530, source: GWP('R-134a') },
    { id: 'R-410A', label: { de: 'R-410A', en: 'R-410A' }, gwp100: 2255.5, source: GWP('R-410A') },
    { id: 'R-452A', label: { de: 'R-452A', en: 'R-452A' }, gwp100: 2291.6, source: GWP('R-452A (printed "R-542a")') },
    { id: 'R-404A', label: { de: 'R-404A', en: 'R-404A' }, gwp100: 4728, source: GWP('R-404A') },
    { id: 'R-744', label: { de: 'R-744 (CO2)', en: 'R-744 (CO2)' }, gwp100: 1, source: GWP('R-744') },
  ],
};
