import { calculateHubEmission, GLEC_DEFAULT_FACTOR_SET, type TraceStep } from '@klimadesk/glec';

/** What the hub and total rules need of a leg. */
export type LegFigures = {
  id: string;
  transportMode: string;
  co2Ttw: number;
  co2Wtt: number;
  co2Wtw: number;
  tkm: number;
};

export type HubFigures = {
  afterLeg: string;
  beforeLeg: string;
  hubType: string;
  co2Wtw: number;
  trace: TraceStep[];
};

export type CargoForHubs = {
  freightType: string;
  grossWeight: number;
  grossWeightUnit: 'kg' | 't';
  temperatureControl: boolean;
  quantity: number | null;
};

/**
 * The hub between two legs: a container moved to or from a ship passes a maritime container terminal
 * (per container); every other change of mode is a transhipment hub (per tonne). GLEC v3.1 §3.2.2,
 * hub values of the engine's factor set (WTW only).
 */
export function hubTypeBetween(a: string, b: string, freightType: string): string {
  return freightType === 'container' && (a === 'sea' || b === 'sea')
    ? 'maritime_container_terminal'
    : 'transhipment';
}

/** Hubs where consecutive legs change transport mode (seed 000 §3 Order; issue 17 totals). */
export function hubsBetween(legs: LegFigures[], cargo: CargoForHubs): HubFigures[] {
  const hubs: HubFigures[] = [];
  for (let i = 1; i < legs.length; i++) {
    const a = legs[i - 1];
    const b = legs[i];
    if (a.transportMode === b.transportMode) continue;
    const hubType = hubTypeBetween(a.transportMode, b.transportMode, cargo.freightType);
    const result = calculateHubEmission(
      {
        hubType,
        temperatureControl: cargo.temperatureControl,
        weight: cargo.grossWeight,
        weightUnit: cargo.grossWeightUnit,
        // A terminal counts containers: the order's quantity when it is container freight.
        ...(hubType === 'maritime_container_terminal' && cargo.quantity
          ? { containers: cargo.quantity }
          : {}),
      },
      GLEC_DEFAULT_FACTOR_SET,
    );
    // The hub types are the factor set's own and the weight is validated positive: a failure is a bug.
    if (!result.ok) throw new Error(`hub ${hubType}: ${result.error.code} ${result.error.message}`);
    hubs.push({
      afterLeg: a.id,
      beforeLeg: b.id,
      hubType,
      co2Wtw: result.value.co2Wtw,
      trace: result.value.trace,
    });
  }
  return hubs;
}

export type OrderTotals = {
  co2Ttw: number;
  co2Wtt: number;
  co2Wtw: number;
  hubCo2Wtw: number;
  tkm: number;
  intensity: number;
};

/**
 * Order totals (GLEC v3.1 §5.1 transport chain): TTW and WTT of the legs, WTW of legs plus hubs;
 * intensity = WTW (g) / tkm of the legs, hubs count in the numerator only.
 */
export function orderTotals(legs: LegFigures[], hubs: Pick<HubFigures, 'co2Wtw'>[]): OrderTotals {
  const sum = (f: (l: LegFigures) => number) => legs.reduce((n, l) => n + f(l), 0);
  const hubCo2Wtw = hubs.reduce((n, h) => n + h.co2Wtw, 0);
  const tkm = sum((l) => l.tkm);
  const co2Wtw = sum((l) => l.co2Wtw) + hubCo2Wtw;
  return {
    co2Ttw: sum((l) => l.co2Ttw),
    co2Wtt: sum((l) => l.co2Wtt),
    co2Wtw,
    hubCo2Wtw,
    tkm,
    intensity: tkm > 0 ? (co2Wtw * 1000) / tkm : 0,
  };
}
