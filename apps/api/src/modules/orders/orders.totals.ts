import {
  calculateHubEmission,
  chainHandovers,
  GLEC_DEFAULT_FACTOR_SET,
  type TraceStep,
  type TransportMode,
} from '@klimadesk/glec';

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
 * The hubs of an order: one wherever the goods change vehicle, i.e. between every two legs, of the
 * GLEC hub category the engine's one rule gives (`chainHandovers`, also used by the tour import).
 * Hub values of the engine's factor set (WTW only); the activity is the freight mass leaving the hub.
 */
export function hubsBetween(legs: LegFigures[], cargo: CargoForHubs): HubFigures[] {
  const modes = legs.map((l) => l.transportMode as TransportMode);
  return chainHandovers(modes, cargo.freightType === 'container').map(({ afterLeg, hubType }) => {
    const result = calculateHubEmission(
      {
        hubType,
        temperatureControl: cargo.temperatureControl,
        weight: cargo.grossWeight,
        weightUnit: cargo.grossWeightUnit,
      },
      GLEC_DEFAULT_FACTOR_SET,
    );
    // The hub types are the factor set's own and the weight is validated positive: a failure is a bug.
    if (!result.ok) throw new Error(`hub ${hubType}: ${result.error.code} ${result.error.message}`);
    return {
      afterLeg: legs[afterLeg]!.id,
      beforeLeg: legs[afterLeg + 1]!.id,
      hubType,
      co2Wtw: result.value.co2Wtw,
      trace: result.value.trace,
    };
  });
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
