/**
 * The built-in factor data sets (issue 18): parsers from the shared reference files to one shape,
 * used by the import command (full files) and by `scripts/build-emission-factors.ts`, which writes
 * the compact derived table the product loads on a fresh start without the files.
 */
import { createRequire } from 'node:module';
import { parse } from 'csv-parse/sync';
import countries from 'i18n-iso-countries';
import { LEVEL1_DE, SYNONYMS, termDe } from './emission-db.names.ts';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

export type DatasetFactor = {
  /** Row id in the source file (DESNZ `ID`; `<zone>-<year>` for grid data). */
  ext: string;
  unit: string;
  co2e: number;
  co2?: number | null;
  ch4?: number | null;
  n2o?: number | null;
  wtt?: number | null;
  bio?: number | null;
  country?: string | null;
  year?: number | null;
  from?: string;
  until?: string | null;
  /** What the factor covers (e.g. life-cycle incl. upstream chains) and a note on its use. */
  coverage?: string | null;
  note?: { de: string; en: string } | null;
};

export type DatasetActivity = {
  key: string;
  cat: string[];
  treat?: string | null;
  /** Search order among equal matches (0 first). */
  w: number;
  de: string;
  en: string;
  dDe?: string | null;
  dEn?: string | null;
  sDe?: string[];
  sEn?: string[];
  f: DatasetFactor[];
};

export type DatasetSource = { name: string; url: string; details: string; licence: string };

export type Dataset = {
  key: string;
  source: DatasetSource;
  provider: string;
  version: string;
  validFrom: string;
  validUntil: string | null;
  releaseDate: string | null;
  /** The IPCC GWP100 set of the data set's CO2e figures (null where the publisher states none). */
  gwpSet: 'AR5' | 'AR6' | null;
  activities: DatasetActivity[];
  /**
   * Factor rows whose value cell is blank in the source: "no factor", never 0, so they are skipped
   * (and an activity left without any factor is not offered); counted for the load report.
   */
  blankCells?: number;
};

type Row = Record<string, string>;
const csv = (text: string | Buffer): Row[] =>
  parse(text, { columns: true, bom: true, skip_empty_lines: true, comment: '#' }) as Row[];

// ---------- DESNZ (UK Government GHG conversion factors, flat file) ----------

export const DESNZ_SOURCE: DatasetSource = {
  name: 'UK Government GHG Conversion Factors for Company Reporting (DESNZ)',
  url: 'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2025',
  details:
    'Department for Energy Security and Net Zero, flat file. Contains public sector information licensed under the Open Government Licence v3.0.',
  licence: 'OGL v3.0',
};

const DESNZ_UNITS: Record<string, string> = {
  km: 'km',
  miles: 'mile',
  'tonne.km': 'tkm',
  tonnes: 't',
  kg: 'kg',
  'passenger.km': 'pkm',
  litres: 'l',
  'kWh (Net CV)': 'kWh-net',
  'kWh (Gross CV)': 'kWh-gross',
  'Room per night': 'room-night',
  kWh: 'kWh',
  GJ: 'GJ',
  'cubic metres': 'm3',
  'per FTE Working Hour': 'fte-hour',
  'million litres': 'Ml',
};

/** Publication days of the DESNZ editions (the file does not carry it). */
const DESNZ_RELEASES: Record<string, string> = { '2025': '2025-06-10' };

/** Carbon footprint sections per DESNZ Level 1 (GHG Protocol scopes and scope 3 categories). */
const DESNZ_SECTIONS: Record<string, string[]> = {
  Fuels: ['stationary-combustion', 'mobile-combustion'],
  Bioenergy: ['stationary-combustion', 'mobile-combustion'],
  'Refrigerant & other': ['fugitive-emissions'],
  'Passenger vehicles': ['mobile-combustion'],
  'Delivery vehicles': ['mobile-combustion'],
  'UK electricity': ['purchased-electricity'],
  'UK electricity for EVs': ['purchased-electricity'],
  'Heat and steam': ['purchased-heat'],
  'Transmission and distribution': ['fuel-energy'],
  'UK electricity T&D for EVs': ['fuel-energy'],
  'Water supply': ['purchased-goods'],
  'Water treatment': ['purchased-goods'],
  'Material use': ['purchased-goods'],
  'Waste disposal': ['waste'],
  'Business travel- air': ['business-travel'],
  'Business travel- sea': ['business-travel'],
  'Business travel- land': ['business-travel', 'employee-commuting'],
  'Freighting goods': ['upstream-transport', 'downstream-transport'],
  'Hotel stay': ['business-travel'],
  'Managed assets- electricity': ['upstream-leased-assets', 'downstream-leased-assets'],
  'Managed assets- vehicles': ['upstream-leased-assets', 'downstream-leased-assets'],
  Homeworking: ['employee-commuting'],
};

/** Level 1 groups whose factors hold for the UK only (grid electricity and its losses). */
const UK_ONLY = new Set([
  'UK electricity',
  'UK electricity for EVs',
  'UK electricity T&D for EVs',
  'Transmission and distribution',
  'Managed assets- electricity',
]);

/** Level 1 groups named in the activity name, because the same vehicles appear under several. */
const NAMED_GROUPS = new Set([
  'Business travel- land',
  'Managed assets- vehicles',
  'Managed assets- electricity',
  'UK electricity for EVs',
  'UK electricity T&D for EVs',
  'Freighting goods',
  'Delivery vehicles',
  'Material use',
  'Waste disposal',
  'Transmission and distribution',
]);

/** Level 2 groups whose name says more than their Level 3 alone. */
const NAMED_LEVEL2 = new Set([
  'Cars (by market segment)',
  'Cars (by size)',
  'Motorbike',
  'HGV (all diesel)',
  'HGVs refrigerated (all diesel)',
  'HGV refrigerated (all diesel)',
  'Vans',
  'Flights',
  'Ferry',
  'Bus',
  'Rail',
  'Taxis',
  'Cargo ship',
  'Freight flights',
  'Sea tanker',
  'Managed HGV (all diesel)',
  'Managed HGV refrigerated (all diesel)',
  'Managed cars (by market segment)',
  'Managed cars (by size)',
  'Managed motorbikes',
  'Managed vans',
]);

const TREATMENT_OF: Record<string, string> = {
  'Re-use': 're-use',
  'Open-loop': 'open-loop',
  'Closed-loop': 'closed-loop',
  Combustion: 'combustion',
  Composting: 'composting',
  Landfill: 'landfill',
  'Anaerobic digestion': 'anaerobic-digestion',
  'Incineration with Energy Recovery': 'incineration-energy-recovery',
};

/** The activities people look for most come first among equally good matches. */
const EVERYDAY: Record<string, number> = {
  'Fuels|Liquid fuels|Diesel (average biofuel blend)||': 0,
  'Fuels|Gaseous fuels|Natural gas||': 0,
  'Fuels|Liquid fuels|Petrol (average biofuel blend)||': 0,
  'UK electricity|Electricity generated|Electricity: UK|kWh|': 1,
  'Business travel- air|Flights|Short-haul, to/from UK|Average passenger|With RF': 0,
  'Freighting goods|HGV (all diesel)|All HGVs||Average laden': 1,
};

const norm2 = (level2: string) => level2.replace(/^WTT- /i, '').toLowerCase();
const num = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : Number(v));

/** DESNZ hotel country names the ISO list spells otherwise ("Korea" is the Republic of Korea). */
const COUNTRY_ALIASES: Record<string, string> = { UK: 'GB', Korea: 'KR', 'Macau, China': 'MO' };

function countryFromName(name: string): string | null {
  return COUNTRY_ALIASES[name] ?? countries.getAlpha2Code(name.replace(/, China$/, ''), 'en') ?? null;
}

/**
 * Activities of the DESNZ flat file: one per Level 1–4 and column text, one factor per unit with
 * its gas split; WTT rows are linked to the factor of the same fuel or vehicle and unit, and the
 * "Outside of scopes" rows give the biogenic CO2 of bioenergy. Energy-use rows (GHG/Unit in kWh)
 * are not emission factors and stay out.
 */
export function parseDesnz(text: string | Buffer): Dataset {
  const rows = csv(text);
  const valueColumn = Object.keys(rows[0] ?? {}).find((c) => /^GHG Conversion Factor \d{4}$/.test(c));
  if (!valueColumn) throw new Error('DESNZ flat file: no "GHG Conversion Factor <year>" column');
  const version = valueColumn.slice(-4);
  const activities = new Map<string, DatasetActivity>();
  const factors = new Map<string, DatasetFactor>();
  /** Factors whose total (kg CO2e) cell holds a value; the others are dropped after the pass. */
  const withTotal = new Set<DatasetFactor>();
  const wttRows: Row[] = [];
  const outside: Row[] = [];
  let blankCells = 0;
  for (const r of rows) {
    const level1 = r['Level 1'];
    const ghg = r['GHG/Unit'];
    if (!ghg.startsWith('kg CO2e')) continue;
    const value = num(r[valueColumn]);
    // A blank cell is "no factor" (DESNZ leaves it empty where it has no data), never 0.
    if (value === null) {
      blankCells++;
      continue;
    }
    if (level1.startsWith('WTT-')) {
      wttRows.push(r);
      continue;
    }
    if (level1 === 'Outside of scopes') {
      outside.push(r);
      continue;
    }
    const unit = DESNZ_UNITS[r.UOM];
    if (!unit) continue;
    const l3 = r['Level 3'];
    const hotelCountry = level1 === 'Hotel stay' ? countryFromName(l3) : null;
    const country = hotelCountry ?? (UK_ONLY.has(level1) ? 'GB' : null);
    const parts = [level1, r['Level 2'], hotelCountry ? '' : l3, r['Level 4'], r['Column Text']];
    const key = parts.join('|');
    let activity = activities.get(key);
    if (!activity) {
      activity = desnzActivity(parts, l3, hotelCountry !== null);
      activities.set(key, activity);
    }
    const factorKey = `${key}|${unit}|${country ?? ''}`;
    let factor = factors.get(factorKey);
    if (!factor) {
      factor = { ext: r.ID, unit, co2e: 0, country, year: Number(version) };
      factors.set(factorKey, factor);
      activity.f.push(factor);
    }
    if (ghg === 'kg CO2e') {
      factor.co2e = value;
      factor.ext = r.ID;
      withTotal.add(factor);
    } else if (ghg.includes('of CO2 ')) factor.co2 = value;
    else if (ghg.includes('of CH4 ')) factor.ch4 = value;
    else if (ghg.includes('of N2O ')) factor.n2o = value;
  }
  for (const a of activities.values()) a.f = a.f.filter((f) => withTotal.has(f));
  linkWtt(activities, wttRows, valueColumn);
  linkBiogenic(activities, outside, valueColumn);
  const list = [...activities.values()].filter((a) => a.f.length > 0);
  return {
    key: 'desnz',
    // DESNZ 2025 converts with IPCC AR5 GWP100 (its refrigerant rows: HFC-134a 1,300, R410A 1,924).
    gwpSet: 'AR5',
    source: DESNZ_SOURCE,
    provider: 'UK DESNZ',
    version,
    validFrom: `${version}-01-01`,
    validUntil: `${version}-12-31`,
    releaseDate: DESNZ_RELEASES[version] ?? null,
    activities: list,
    blankCells,
  };
}

function desnzActivity(parts: string[], l3: string, perCountry: boolean): DatasetActivity {
  const [level1, level2, , level4, column] = parts;
  const named = (t: string, de: boolean) => (de ? termDe(t) : t);
  const nameIn = (de: boolean) => {
    const bits: string[] = [];
    if (NAMED_GROUPS.has(level1)) bits.push(de ? (LEVEL1_DE[level1] ?? level1) : level1);
    if (NAMED_LEVEL2.has(level2) || perCountry) bits.push(named(level2, de));
    if (!perCountry && l3) bits.push(named(l3, de));
    if (level4 && level4 !== 'kWh') bits.push(named(level4, de));
    if (column) bits.push(named(column, de));
    // Groups whose rows name nothing below Level 2 (Homeworking: Heating) take both levels.
    if (!bits.length) bits.push(de ? (LEVEL1_DE[level1] ?? level1) : level1, named(level2, de));
    return bits.filter(Boolean).join(' · ');
  };
  const path = (de: boolean) =>
    [de ? (LEVEL1_DE[level1] ?? level1) : level1, level2, l3, level4, column]
      .filter(Boolean)
      .map((t, i) => (i === 0 ? t : named(t, de)))
      .join(' › ');
  const synonyms = SYNONYMS[l3] ?? SYNONYMS[level2];
  const key = parts.join('|');
  return {
    key: `desnz:${key}`,
    cat: DESNZ_SECTIONS[level1] ?? ['purchased-goods'],
    treat: level1 === 'Waste disposal' ? (TREATMENT_OF[column] ?? null) : null,
    w: EVERYDAY[key] ?? (level1 === 'Fuels' || level1 === 'UK electricity' ? 2 : 5),
    de: nameIn(true),
    en: nameIn(false),
    dDe: `DESNZ: ${path(true)}`,
    dEn: `DESNZ: ${path(false)}`,
    sDe: synonyms?.de ?? [],
    sEn: synonyms?.en ?? [],
    f: [],
  };
}

/** WTT Level 1 groups and the Level 1 groups their rows belong to. */
const WTT_GROUPS: Record<string, string[]> = {
  'WTT- fuels': ['Fuels'],
  'WTT- bioenergy': ['Bioenergy'],
  'WTT- pass vehs & travel- land': [
    'Passenger vehicles',
    'Business travel- land',
    'Managed assets- vehicles',
  ],
  'WTT- delivery vehs & freight': ['Delivery vehicles', 'Freighting goods', 'Managed assets- vehicles'],
  'WTT- business travel- air': ['Business travel- air'],
  'WTT- business travel- sea': ['Business travel- sea'],
  'WTT- heat and steam': ['Heat and steam', 'Transmission and distribution'],
  'WTT- UK electricity': ['UK electricity', 'Transmission and distribution'],
};

/** WTT Level 2 names that do not follow "WTT- <Level 2>". */
const WTT_LEVEL2: Record<string, string> = {
  'wtt- uk electricity (generation)': 'electricity generated',
  'wtt- uk electricity (t&d)': 't&d- uk electricity',
  'wtt- heat and steam': 'heat and steam',
  'wtt- district heat & steam distribution': 'distribution - district heat & steam',
};

function linkWtt(activities: Map<string, DatasetActivity>, wttRows: Row[], valueColumn: string) {
  // Factor index by Level 1 and the WTT matching key (Level 2 without "Managed ", Level 3, 4, column, unit).
  const index = new Map<string, DatasetFactor[]>();
  for (const [key, a] of activities) {
    const [level1, level2, level3, level4, column] = key.split('|');
    for (const f of a.f) {
      const l2 = level2.toLowerCase().replace(/^managed /, '');
      const k = [level1, l2, level3, level4, column, f.unit].join('|');
      index.set(k, [...(index.get(k) ?? []), f]);
    }
  }
  for (const r of wttRows) {
    const unit = DESNZ_UNITS[r.UOM];
    const groups = WTT_GROUPS[r['Level 1']] ?? [];
    const l2raw = r['Level 2'].toLowerCase();
    const l2 = WTT_LEVEL2[l2raw] ?? norm2(r['Level 2']);
    const value = Number(r[valueColumn]);
    for (const g of groups) {
      const variants = [l2, l2.replace(/^hgv refrigerated/, 'hgvs refrigerated'), `${l2}s`];
      for (const v of variants) {
        for (const f of index.get([g, v, r['Level 3'], r['Level 4'], r['Column Text'], unit].join('|')) ?? [])
          f.wtt = value;
      }
    }
  }
}

function linkBiogenic(activities: Map<string, DatasetActivity>, outside: Row[], valueColumn: string) {
  for (const r of outside) {
    const unit = DESNZ_UNITS[r.UOM];
    const level2 = r['Level 2'];
    const targets =
      level2 === 'Forecourt fuels containing biofuel'
        ? [`Fuels|Liquid fuels|${r['Level 3']}||`]
        : level2 === 'Electricity generated'
          ? [`UK electricity|Electricity generated|${r['Level 3']}|${r['Level 4']}|`]
          : [`Bioenergy|${level2}|${r['Level 3']}|${r['Level 4']}|${r['Column Text']}`];
    for (const t of targets) {
      for (const f of activities.get(t)?.f ?? []) if (f.unit === unit) f.bio = Number(r[valueColumn]);
    }
  }
}

// ---------- GEG Anlage 9 (Germany) ----------

export const GEG_SOURCE: DatasetSource = {
  name: 'Gebäudeenergiegesetz (GEG), Anlage 9 Nr. 3: Emissionsfaktoren',
  url: 'https://www.gesetze-im-internet.de/geg/anlage_9.html',
  details:
    'German Buildings Energy Act, emission factors in g CO2e per kWh of final energy (life-cycle values incl. upstream chains). Official work, public domain (§ 5 (1) UrhG).',
  licence: 'Public domain (§ 5 UrhG)',
};

/**
 * The GEG values are life-cycle factors (final energy incl. upstream chains, GEG Anlage 9 Nr. 3):
 * they are no scope 1 combustion factors (natural gas 240 g against DESNZ's 183 g combustion:
 * +31 %), and the statutory 560 g for grid power is no scope 2 grid average (GHG Protocol Scope 2
 * Guidance 6.2 asks for the grid's generation factor of the country and year). So no carbon
 * footprint section offers them; the emission database lists them, marked life-cycle, for building
 * energy figures (GEG certificates).
 */
const GEG_NOTE = {
  de: 'Lebenszyklusfaktor nach GEG Anlage 9 (inkl. Vorketten): kein Verbrennungsfaktor für Scope 1 und kein Netzdurchschnitt für Scope 2; nur für Gebäudeenergie nach GEG.',
  en: 'Life-cycle factor of GEG Annex 9 (incl. upstream chains): not a scope 1 combustion factor nor a scope 2 grid average; for building energy under the GEG only.',
};

export function parseGeg(text: string | Buffer): Dataset {
  const rows = csv(text);
  const activities: DatasetActivity[] = [];
  for (const r of rows) {
    const grams = num(r.g_co2e_per_kwh);
    if (grams === null) continue; // No fixed value in the law (row 18: determined by DIN V 18599-9).
    const category = r.category_de;
    const isPower = category === 'Strom';
    const isHeat = category.includes('Wärme');
    const fuelName = !isPower && !isHeat;
    const de = fuelName ? r.energy_carrier_de : `${isPower ? 'Strom' : category}: ${r.energy_carrier_de}`;
    const en = fuelName || isHeat ? r.energy_carrier_en : `Electricity: ${r.energy_carrier_en}`;
    activities.push({
      key: `geg:${r.no}`,
      cat: [],
      w: 3,
      de: `${de} (GEG Anlage 9, Lebenszyklus)`,
      en: `${en} (GEG Annex 9, life-cycle)`,
      dDe: `GEG Anlage 9 Nr. 3, Zeile ${r.no}: ${category}. ${GEG_NOTE.de}`,
      dEn: `GEG Annex 9 no. 3, row ${r.no}. ${GEG_NOTE.en}`,
      sDe: [],
      sEn: [],
      // Fuels are counted on the net calorific value in the GEG (Heizwert); power and heat in kWh.
      f: [
        {
          ext: r.no,
          unit: fuelName ? 'kWh-net' : 'kWh',
          co2e: grams / 1000,
          country: 'DE',
          coverage: 'life-cycle',
          note: GEG_NOTE,
        },
      ],
    });
  }
  return {
    key: 'geg-anlage9',
    source: GEG_SOURCE,
    provider: 'Bundesrepublik Deutschland (GEG)',
    // GEG Anlage 9 gives life-cycle values without naming a GWP basis.
    gwpSet: null,
    version: '2020-08-08',
    validFrom: '2020-11-01',
    validUntil: null,
    releaseDate: '2020-08-08',
    activities,
  };
}

// ---------- grid electricity per country and year ----------

export const GRID_SOURCE: DatasetSource = {
  name: 'Electricity Maps, yearly carbon intensity (via @tgwf/co2 0.19.0)',
  url: 'https://www.electricitymaps.com/data-portal',
  details:
    'Yearly average carbon intensity of grid electricity per country (life-cycle, consumption-based, location-based), 2021–2025. Electricity Maps data under the Open Database License (ODbL).',
  licence: 'ODbL 1.0',
};

export function parseGrid(text: string | Buffer): Dataset {
  const rows = csv(text);
  const factors: DatasetFactor[] = [];
  const years: number[] = [];
  for (const r of rows) {
    // Sub-zones (DK-DK1, GB-NIR) are parts of a country; the country's own row is the location figure.
    if (r.zone.includes('-') || !countries.isValid(r.zone)) continue;
    const grams = num(r.carbon_intensity_gco2eq_per_kwh);
    if (grams === null) continue;
    const year = Number(r.year);
    years.push(year);
    factors.push({
      ext: `${r.zone}-${year}`,
      unit: 'kWh',
      co2e: grams / 1000,
      country: r.zone,
      year,
      from: `${year}-01-01`,
      until: `${year}-12-31`,
      coverage: 'life-cycle, consumption-based, location-based',
    });
  }
  const first = Math.min(...years);
  const last = Math.max(...years);
  return {
    key: 'grid-electricity',
    source: GRID_SOURCE,
    provider: 'Electricity Maps',
    // Electricity Maps' life-cycle intensities rest on IPCC AR5 (WGIII 2014, Annex III) factors.
    gwpSet: 'AR5',
    version: `${first}-${last}`,
    validFrom: `${first}-01-01`,
    validUntil: `${last}-12-31`,
    releaseDate: null,
    activities: [
      {
        key: 'grid:location-based',
        cat: ['purchased-electricity'],
        w: 0,
        de: 'Strom aus dem Netz (standortbezogen)',
        en: 'Electricity from the grid (location-based)',
        dDe: 'Durchschnittliche Emissionsintensität des Strommixes je Land und Jahr (Lebenszyklus, verbrauchsbasiert).',
        dEn: 'Average carbon intensity of the grid mix per country and year (life-cycle, consumption-based).',
        sDe: ['Netzstrom', 'Strommix', 'Elektrizität', 'Stromverbrauch'],
        sEn: ['electricity', 'power', 'grid mix', 'electricity consumption'],
        f: factors,
      },
    ],
  };
}

// ---------- refrigerants (GWP100, IPCC AR6 and AR5) ----------

export const GWP_SOURCE: DatasetSource = {
  name: 'Refrigerant GWP100 (IPCC AR6; gas table of openclimatedata, blends by composition)',
  url: 'https://github.com/openclimatedata/globalwarmingpotentials',
  details:
    'GWP100 of refrigerants and other gases, IPCC AR6 WGI Table 7.SM.7 (CC0 1.0); blends computed from ASHRAE 34 mass fractions; refrigerant list from DESNZ 2025 (OGL v3.0). kg CO2e per kg released.',
  licence: 'CC0 1.0 / OGL v3.0',
};

export const GWP_AR5_SOURCE: DatasetSource = {
  name: 'Refrigerant GWP100 (IPCC AR5; gas table of openclimatedata, blends by composition)',
  url: 'https://github.com/openclimatedata/globalwarmingpotentials',
  details:
    'GWP100 of refrigerants and other gases, IPCC AR5 WGI ch. 8 Table 8.A.1 without climate-carbon feedback (CC0 1.0), the set DESNZ 2025 uses; blends computed from ASHRAE 34 mass fractions. kg CO2e per kg released.',
  licence: 'CC0 1.0 / OGL v3.0',
};

/**
 * One refrigerant table, two GWP sets: a report in AR5 (the set of DESNZ 2025) takes the AR5
 * values, a report in AR6 the AR6 values; each set is its own data set so a total never mixes them.
 */
function refrigerants(text: string | Buffer, set: 'AR5' | 'AR6'): Dataset {
  const rows = csv(text);
  const activities: DatasetActivity[] = [];
  const column = set === 'AR6' ? 'gwp100_ar6_computed' : 'gwp100_ar5_computed';
  const prefix = set === 'AR6' ? 'gwp-ar6' : 'gwp-ar5';
  for (const r of rows) {
    const gwp = num(r[column]);
    if (gwp === null) continue;
    const name = r.refrigerant.trim();
    activities.push({
      key: `${prefix}:${name}`,
      cat: ['fugitive-emissions'],
      w: 4,
      de: `Kältemittel ${name} (GWP100 ${set})`,
      en: `Refrigerant ${name} (GWP100 ${set})`,
      dDe: r.desnz_group ? `Gruppe: ${termDe(r.desnz_group)}` : null,
      dEn: r.desnz_group ? `Group: ${r.desnz_group}` : null,
      sDe: ['Kältemittelverlust', 'Leckage'],
      sEn: ['refrigerant leakage', 'F-gas'],
      f: [{ ext: name, unit: 'kg', co2e: gwp }],
    });
  }
  return {
    key: set === 'AR6' ? 'refrigerants-ar6' : 'refrigerants-ar5',
    source: set === 'AR6' ? GWP_SOURCE : GWP_AR5_SOURCE,
    provider: 'IPCC',
    version: set,
    // AR6 WGI was approved 2021-08-06 and published 2021-08-09; AR5 WGI on 2013-09-30.
    validFrom: set === 'AR6' ? '2021-08-09' : '2013-09-30',
    validUntil: null,
    releaseDate: set === 'AR6' ? '2021-08-09' : '2013-09-30',
    gwpSet: set,
    activities,
  };
}

export const parseRefrigerants = (text: string | Buffer): Dataset => refrigerants(text, 'AR6');
export const parseRefrigerantsAr5 = (text: string | Buffer): Dataset => refrigerants(text, 'AR5');

/** The shared reference files of each data set, relative to `../shared/data`. */
export const DATASET_FILES = {
  desnz: 'ghg-factors/desnz_ghg_conversion_factors_2025_flat.csv',
  'geg-anlage9': 'germany/geg_anlage9_emission_factors.csv',
  'grid-electricity': 'grid-electricity/grid_intensity_electricitymaps_yearly_2021_2025_co2js_0.19.0.csv',
  'refrigerants-ar6': 'gwp/refrigerants_gwp100.csv',
  'refrigerants-ar5': 'gwp/refrigerants_gwp100.csv',
} as const;
export type DatasetKey = keyof typeof DATASET_FILES;

export const PARSERS: Record<DatasetKey, (text: string | Buffer) => Dataset> = {
  desnz: parseDesnz,
  'geg-anlage9': parseGeg,
  'grid-electricity': parseGrid,
  'refrigerants-ar6': parseRefrigerants,
  'refrigerants-ar5': parseRefrigerantsAr5,
};
