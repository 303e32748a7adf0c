import type { pactSchemas } from '@klimadesk/contract';
import type { z } from 'zod';
import type { ExchangeFuelShare, ExchangeLegClass } from '../tours/index.ts';
import {
  type EmissionFactorSource,
  HUB_TYPE,
  SET_GWP,
  assessmentReports,
  defaultFuelOf,
  distinctSources,
  energyCarrier,
  fuelSources,
  hubLabel,
  hubSources,
  modeOf,
  vehicleGwp,
  vehicleSources,
  vehicleType,
} from './pact.categories.ts';
import { dec } from './pact.decimal.ts';
import { type Dqi, dqiOf, hocIdOf, tocIdOf } from './pact.ileap.ts';
import type { HubClass } from './pact.orders.ts';

/**
 * iLEAP v1.0.1 §6.3 TOCs and §6.4 HOCs the company operates, one per category of its legs and
 * hubs. A category's intensity is its emissions over its transport activity (kg CO2e per tkm; per
 * tonne leaving the hub), summed over the company's legs, so a TCE of a default leg is exactly its
 * TOC intensity times its tkm.
 */
type Toc = z.infer<typeof pactSchemas.toc>;
type Hoc = z.infer<typeof pactSchemas.hoc>;

export type OperationFootprint = {
  kind: 'toc' | 'hoc';
  /** tocId or hocId. */
  key: string;
  data: Toc | Hoc;
  /** kg CO2e per declared unit (tkm, or t for hubs) as a decimal string: the PCF (§7.2.2, §7.2.3). */
  intensityWtw: string;
  measured: boolean;
  dqi: Dqi;
  reports: string[];
  sources: EmissionFactorSource[];
  periodStart: Date;
  periodEnd: Date;
  created: Date;
  /** Used by the client's shipper (always true for a client of the whole company). */
  used: boolean;
};

const METHOD_TEXT = {
  default: 'GLEC default intensity (secondary data)',
  measured: 'measured fuel (primary data)',
  modelled: "modelled from the vehicles' consumption (master data)",
} as const;

const dayStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const period = (first: Date | null, last: Date | null, created: Date) => ({
  start: dayStart(first ?? created),
  end: new Date(dayStart(last ?? created).getTime() + 86_400_000),
});

/** Energy carriers of a TOC: the class's fuel for default values, the tours' fuels (by tkm) when measured. */
function carriersOf(c: ExchangeLegClass, fuels: ExchangeFuelShare[]) {
  if (c.method !== 'measured') return [energyCarrier(defaultFuelOf(c.glecVehicleType), 1)];
  const own = fuels.filter(
    (f) => f.glecVehicleType === c.glecVehicleType && f.temperatureControl === c.temperatureControl,
  );
  const total = own.reduce((a, f) => a + f.tkm, 0);
  if (!own.length || !(total > 0)) return [energyCarrier(defaultFuelOf(c.glecVehicleType), 1)];
  // Shares are rounded to the millionth; the last takes the rest so they sum to exactly 1 (§6.3.1).
  let rest = 1_000_000;
  return own.map((f, i) => {
    const share = i === own.length - 1 ? rest : Math.round((f.tkm / total) * 1_000_000);
    rest -= share;
    return energyCarrier(f.fuelType, share / 1_000_000);
  });
}

function tocData(c: ExchangeLegClass, fuels: ExchangeFuelShare[]): Toc {
  const v = vehicleType(c.glecVehicleType);
  const mode = modeOf(c.glecVehicleType);
  const name = v?.label.en ?? 'Vehicle type not given';
  const toc: Toc = {
    tocId: tocIdOf(c.glecVehicleType, c.temperatureControl, c.method),
    description: `${name}; ${METHOD_TEXT[c.method]}`,
    mode,
    temperatureControl: c.temperatureControl ? 'refrigerated' : 'ambient',
    energyCarriers: carriersOf(c, fuels),
    co2eIntensityWTW: dec(c.wtw / c.tkm),
    co2eIntensityTTW: dec(c.ttw / c.tkm),
    transportActivityUnit: 'tkm',
  };
  // The default value's own load factor and empty running (GLEC), on the TOC level (§6.3.1).
  const def = c.method === 'default';
  if (def && v?.loadFactor && v.loadFactor > 0 && v.loadFactor <= 1) toc.loadFactor = dec(v.loadFactor);
  if (def && v?.emptyRunning !== undefined && v.emptyRunning >= 0 && v.emptyRunning < 1)
    toc.emptyDistanceFactor = dec(v.emptyRunning);
  if (mode === 'Air' && v?.aircraft && v.aircraft !== 'unknown')
    toc.airShippingOption = v.aircraft === 'belly' ? 'belly freight' : 'freighter';
  if (mode === 'Air' && v?.haul) toc.flightLength = v.haul === 'short' ? 'short-haul' : 'long-haul';
  return toc;
}

/** The TOCs of the company's leg categories with transport activity. */
export function tocsOf(classes: ExchangeLegClass[], fuels: ExchangeFuelShare[]): OperationFootprint[] {
  return classes
    .filter((c) => c.tkm > 0)
    .map((c) => {
      const data = tocData(c, fuels);
      const p = period(c.first, c.last, c.created);
      const fuelIds = fuels
        .filter(
          (f) => f.glecVehicleType === c.glecVehicleType && f.temperatureControl === c.temperatureControl,
        )
        .map((f) => f.fuelType);
      return {
        kind: 'toc' as const,
        key: data.tocId,
        data,
        intensityWtw: data.co2eIntensityWTW,
        measured: c.method === 'measured',
        dqi: dqiOf([{ wtw: c.wtw, method: c.method }]),
        reports: assessmentReports([c.method === 'default' ? vehicleGwp(c.glecVehicleType) : SET_GWP]),
        sources: distinctSources(
          c.method === 'default'
            ? vehicleSources(c.glecVehicleType)
            : fuelSources(fuelIds.length ? fuelIds : [defaultFuelOf(c.glecVehicleType)]),
        ),
        periodStart: p.start,
        periodEnd: p.end,
        created: c.created,
        used: c.used,
      };
    });
}

/**
 * The HOCs of the tours' handover hubs (transhipment sites, engine `tourLegHandovers`) and of the
 * orders' hubs (engine `chainHandovers`). GLEC publishes hub intensities as WTW only; the HOC names
 * grid electricity as its energy carrier with TTW 0, and says so (decision 0014).
 */
export function hocsOf(hubs: HubClass[]): OperationFootprint[] {
  return hubs
    .filter((h) => h.tonnes > 0)
    .map((h) => {
      const hocId = hocIdOf(h.hubType, h.temperatureControl);
      const data: Hoc = {
        hocId,
        description: `${hubLabel(h.hubType)}; GLEC default hub intensity (WTW only, energy carrier assumed grid electricity)`,
        hubType: HUB_TYPE[h.hubType as keyof typeof HUB_TYPE],
        temperatureControl: h.temperatureControl ? 'refrigerated' : 'ambient',
        energyCarriers: [{ ...energyCarrier('electricity_de', 1) }],
        co2eIntensityWTW: dec(h.wtw / h.tonnes),
        co2eIntensityTTW: '0',
        hubActivityUnit: 'tonnes',
      };
      const p = period(h.first, h.last, h.created);
      return {
        kind: 'hoc' as const,
        key: hocId,
        data,
        intensityWtw: data.co2eIntensityWTW,
        measured: false,
        dqi: dqiOf([{ wtw: h.wtw, method: 'default' }]),
        reports: assessmentReports([SET_GWP]),
        sources: distinctSources(hubSources(h.hubType)),
        periodStart: p.start,
        periodEnd: p.end,
        created: h.created,
        used: h.used,
      };
    });
}
