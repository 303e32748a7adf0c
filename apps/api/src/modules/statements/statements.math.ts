import type { ShipperStatement } from '@klimadesk/contract';
import { TRANSPORT_MODES, type TransportMode, glecVehicleTypes } from '@klimadesk/glec';
import type { ModeSums } from '../tours/index.ts';

const MODE_OF = new Map<string, TransportMode>(glecVehicleTypes().map((v) => [v.id, v.mode]));

/**
 * The transport mode of a GLEC vehicle type from the engine's master data. A type the master
 * data does not know is counted as road, as the tour calculation itself does.
 */
export function modeOfVehicleType(type: string | null): TransportMode {
  return (type && MODE_OF.get(type)) || 'road';
}

/** Every known vehicle type with its mode, for the SQL that groups legs by mode. */
export function vehicleTypeModes(): [string, TransportMode][] {
  return [...MODE_OF.entries()];
}

/** Share (0..100 %) of the reported WTW that comes from fuel-based results; null when nothing is reported. */
export function primaryShare(fuelWtw: number, reportedWtw: number): number | null {
  if (!(reportedWtw > 0)) return null;
  return Math.min(100, Math.max(0, (fuelWtw / reportedWtw) * 100));
}

/** g CO2e per tkm from kg CO2e; null without transport activity. */
export function intensityOf(kgWtw: number, tkm: number): number | null {
  return tkm > 0 ? (kgWtw * 1000) / tkm : null;
}

export type StatementInput = {
  shipper: string;
  from: string;
  to: string;
  company: ShipperStatement['company'];
  generatedAt: Date;
  shipments: number;
  weightKg: number;
  /** The leg sums per mode as the tours module reads them (`shipmentSumsByMode`). */
  modes: ModeSums[];
  factorSets: { id: string; version: string; gwp: string | null }[];
};

export const STANDARD = 'ISO 14083:2023; GLEC Framework v3.1';

/**
 * The statement from the per-mode sums: totals are the sums over the modes (a shipment carried by
 * two modes counts once in the total and once per mode) plus the hubs, which have no mode;
 * intensities and the primary share are derived from the unrounded sums.
 */
export function assembleStatement(input: StatementInput): ShipperStatement {
  const order = (m: string) => {
    const i = (TRANSPORT_MODES as readonly string[]).indexOf(m);
    return i < 0 ? TRANSPORT_MODES.length : i;
  };
  const modes = [...input.modes].sort((a, b) => order(a.mode) - order(b.mode));
  const sum = (f: (m: ModeSums) => number) => modes.reduce((acc, m) => acc + f(m), 0);
  // ISO 14083 / GLEC v3.1 §5.1: a transport chain's emissions include its hubs; hub values are WTW
  // only, so they add to WTW and to the intensity's numerator (hubs add no tkm), not to TTW or WTT.
  const hubWtw = sum((m) => m.hubWtw);
  const wtw = sum((m) => m.wtw) + hubWtw;
  const tkm = sum((m) => m.tkm);
  const methods: ShipperStatement['methods'] = [];
  if (modes.some((m) => m.defaultLegs > 0)) methods.push('default');
  if (modes.some((m) => m.fuelLegs > 0)) methods.push('fuel');
  return {
    shipper: input.shipper,
    from: input.from,
    to: input.to,
    company: input.company,
    generatedAt: input.generatedAt.toISOString(),
    shipments: input.shipments,
    weightKg: input.weightKg,
    tkm,
    co2: { ttw: sum((m) => m.ttw), wtt: sum((m) => m.wtt), wtw },
    hubWtw,
    intensity: intensityOf(wtw, tkm),
    byMode: modes.map((m) => ({
      mode: m.mode as ShipperStatement['byMode'][number]['mode'],
      shipments: m.shipments,
      tkm: m.tkm,
      co2: { ttw: m.ttw, wtt: m.wtt, wtw: m.wtw },
      intensity: intensityOf(m.wtw, m.tkm),
    })),
    primaryDataShare: primaryShare(
      sum((m) => m.fuelWtw),
      wtw,
    ),
    methods,
    factorSets: input.factorSets,
    standard: STANDARD,
  };
}
