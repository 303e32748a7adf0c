/**
 * Transport chain (order or shipment): pre-carriage, main carriage and on-carriage legs plus hubs.
 * E_TC = sum E_TCE; intensity = E_TC / sum tkm of transport legs, hub emissions in the numerator
 * only ([S1] 5.1, section 2.3 step 6).
 */
import { type CompiledFactorSet, resultRef } from './factor-set.ts';
import { computeHub, type HubEmissionInput, type HubEmissionResult } from './hub.ts';
import { calculation, computeLeg, type Computation } from './leg.ts';
import { fail, requireFields, requireObject } from './result.ts';
import type {
  Carriage,
  FactorSetRef,
  LegEmissionInput,
  LegEmissionResult,
  TraceStep,
  WeightUnit,
} from './types.ts';

export type ChainLegInput = Omit<LegEmissionInput, 'weight' | 'weightUnit' | 'temperatureControl'> & {
  type: 'leg';
  carriage?: Carriage;
  /** Defaults to the chain's weight. */
  weight?: number;
  weightUnit?: WeightUnit;
  temperatureControl?: boolean;
};

export type ChainHubInput = Omit<HubEmissionInput, 'weight' | 'weightUnit'> & {
  type: 'hub';
  carriage?: Carriage;
  weight?: number;
  weightUnit?: WeightUnit;
};

export type ChainElementInput = ChainLegInput | ChainHubInput;

export interface ChainInput {
  /** Mass of the consignment, used by every element that gives none. */
  weight?: number;
  weightUnit?: WeightUnit;
  temperatureControl?: boolean;
  elements: ChainElementInput[];
}

export type ChainElementResult =
  | { type: 'leg'; index: number; carriage: Carriage | null; result: LegEmissionResult }
  | { type: 'hub'; index: number; carriage: Carriage | null; result: HubEmissionResult };

export interface ChainEmissionResult {
  /** Transport legs only: GLEC hub values carry no TTW/WTT split. */
  co2Ttw: number;
  co2Wtt: number;
  /** Legs plus hubs: co2Wtw = co2Ttw + co2Wtt + hubCo2Wtw. */
  co2Wtw: number;
  hubCo2Wtw: number;
  tkm: number;
  /** g CO2e/tkm, WTW incl. hubs in the numerator. */
  intensity: number;
  /** Sum of leg distances (km, planned basis). */
  distance: number;
  method: 'default' | 'fuel' | 'mixed';
  factorSet: FactorSetRef;
  elements: ChainElementResult[];
  trace: TraceStep[];
}

function prefixed(steps: TraceStep[], prefix: string): TraceStep[] {
  return steps.map((s) => ({ ...s, label: `${prefix} ${s.label}` }));
}

/** One element of the chain on the chain's mass and temperature control unless it gives its own. */
function computeElement(
  c: CompiledFactorSet,
  chain: ChainInput,
  raw: unknown,
  i: number,
  withTrace: boolean,
  trace: TraceStep[],
): ChainElementResult {
  const at = `elements[${i}]`;
  const el = requireObject(raw, at) as unknown as ChainElementInput;
  const carriage = el.carriage ?? null;
  const weight = el.weight ?? chain.weight;
  const weightUnit = el.weightUnit ?? chain.weightUnit;
  const temperatureControl = el.temperatureControl ?? chain.temperatureControl ?? false;
  const tag = `[${i + 1} ${el.type}${carriage === null ? '' : ` ${carriage}`}]`;
  if (el.type === 'leg') {
    const leg = { ...el, weight, weightUnit, temperatureControl } as LegEmissionInput;
    const r = computeLeg(c, leg, at, withTrace);
    if (withTrace) trace.push(...prefixed(r.trace, tag));
    return { type: 'leg', index: i, carriage, result: r };
  }
  if (el.type === 'hub') {
    const hub = { ...el, weight, weightUnit, temperatureControl } as HubEmissionInput;
    const r = computeHub(c, hub, at, withTrace);
    if (withTrace) trace.push(...prefixed(r.trace, tag));
    return { type: 'hub', index: i, carriage, result: r };
  }
  return fail('INVALID_INPUT', `${at}.type must be leg or hub`, `${at}.type`);
}

const computeChain: Computation<ChainInput, ChainEmissionResult> = (c, raw, path, withTrace) => {
  const chain = requireFields(raw, path).input;
  const list = chain.elements;
  if (!Array.isArray(list) || list.length === 0)
    fail('EMPTY_CHAIN', 'a transport chain needs at least one element', 'elements');
  const elements: ChainElementResult[] = [];
  const trace: TraceStep[] = [];
  let ttw = 0;
  let wtt = 0;
  let legWtw = 0;
  let hubWtw = 0;
  let tkm = 0;
  let distance = 0;
  const methods = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const e = computeElement(c, chain, list[i], i, withTrace, trace);
    elements.push(e);
    if (e.type === 'leg') {
      const r = e.result;
      ttw += r.co2Ttw;
      wtt += r.co2Wtt;
      legWtw += r.co2Wtw;
      tkm += r.tkm;
      distance += r.distance;
      methods.add(r.method);
    } else {
      hubWtw += e.result.co2Wtw;
    }
  }
  if (tkm === 0)
    fail('CHAIN_WITHOUT_TRANSPORT', 'a transport chain needs at least one transport leg', 'elements');
  const co2Wtw = legWtw + hubWtw;
  if (!Number.isFinite(co2Wtw) || tkm === Infinity)
    fail('INVALID_NUMBER', 'chain totals are out of range', 'elements');
  const intensity = (co2Wtw * 1000) / tkm;
  if (withTrace) {
    trace.push({
      step: 'chain',
      label: 'Transport chain total',
      formula: 'E_TC = sum E_legs + sum E_hubs; intensity = E_TC / sum tkm(legs)',
      inputs: {
        legs: elements.filter((e) => e.type === 'leg').length,
        hubs: elements.filter((e) => e.type === 'hub').length,
        legCo2WtwKg: legWtw,
        hubCo2WtwKg: hubWtw,
        tkm,
      },
      output: { co2TtwKg: ttw, co2WttKg: wtt, co2WtwKg: co2Wtw, intensityGPerTkm: intensity },
      note: 'Hub emissions count in the numerator only; hubs add no tkm. TTW/WTT cover transport legs (hub values are WTW only).',
    });
  }
  return {
    co2Ttw: ttw,
    co2Wtt: wtt,
    co2Wtw,
    hubCo2Wtw: hubWtw,
    tkm,
    intensity,
    distance,
    method: methods.size > 1 ? 'mixed' : methods.has('fuel') ? 'fuel' : 'default',
    factorSet: resultRef(
      c,
      elements.map((e) => e.result.factorSet.gwp),
    ),
    elements,
    trace,
  };
};

export const calculateChainEmission = calculation(computeChain);
