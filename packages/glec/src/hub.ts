/**
 * Hub (logistics site) emissions: E = tonnes leaving the hub x hub intensity ([S1] 3.2.2, 5.1).
 * GLEC publishes hub intensities as WTW only, so TTW and WTT stay null instead of an invented split.
 */
import { calculation, type Computation } from './leg.ts';
import { fail, optionalFlag, requireFields, requireString } from './result.ts';
import { traceFactor } from './trace.ts';
import type { FactorSetRef, TraceStep, WeightUnit } from './types.ts';
import { resolveMass } from './units.ts';

export interface HubEmissionInput {
  hubType: string;
  temperatureControl?: boolean;
  /** Freight leaving the hub. */
  weight: number;
  weightUnit: WeightUnit;
}

export interface HubEmissionResult {
  hubType: string;
  /** Not published by GLEC for hubs. */
  co2Ttw: null;
  co2Wtt: null;
  co2Wtw: number;
  /** Hubs have no distance, so no transport activity. */
  tkm: 0;
  /** Tonnes leaving the hub. */
  massT: number;
  /** kg CO2e (WTW) per tonne leaving the hub. */
  hubIntensity: number;
  method: 'default';
  factorSet: FactorSetRef;
  trace: TraceStep[];
}

export const computeHub: Computation<HubEmissionInput, HubEmissionResult> = (c, raw, path, withTrace) => {
  const { input, prefix } = requireFields(raw, path);
  const id = requireString(input.hubType, `${prefix}hubType`);
  const h = c.hubs.get(id);
  if (h === undefined) fail('UNKNOWN_HUB_TYPE', `unknown hub type ${id}`, `${prefix}hubType`);
  const tc = optionalFlag(input.temperatureControl, `${prefix}temperatureControl`);
  const mass = resolveMass(c, { weight: input.weight, weightUnit: input.weightUnit }, path);
  const value = tc ? h.temperatureControlled : h.ambient;
  let activity: number;
  let activityText: string;
  // One rule whether or not a container count is known: the hub activity is the freight mass
  // leaving the hub ([S1] 3.2.2), per-container values converted with the GLEC default load per
  // container ([S1] Case A: 10.7 kg/container with 10 t/container = 1.07 kg/t).
  if (h.activityUnit === 'container') {
    activity = mass.tonnes / h.tonnesPerContainer!;
    activityText = 'containers = m / (t per container)';
  } else {
    activity = mass.tonnes;
    activityText = 'H = tonnes leaving the hub';
  }
  const co2Wtw = activity * value.wtw;
  if (!Number.isFinite(co2Wtw) || !(mass.tonnes > 0))
    fail('INVALID_NUMBER', 'hub activity is out of range', `${prefix}weight`);
  const steps: TraceStep[] = [];
  if (withTrace) {
    steps.push({
      step: 'hub',
      label: `Hub: ${h.label.en} (${tc ? 'temperature-controlled' : 'ambient'})`,
      formula: `${activityText}; E_WTW = activity x hub intensity`,
      inputs:
        h.activityUnit === 'container'
          ? { massT: mass.tonnes, tonnesPerContainer: h.tonnesPerContainer! }
          : { activity, unit: h.activityUnit },
      factor: traceFactor(
        `hub:${h.id}:${tc ? 'temperature-controlled' : 'ambient'}`,
        value.wtw,
        `kg CO2e/${h.activityUnit === 't' ? 't' : 'container'} (WTW)`,
        value.source,
      ),
      output: { activity, co2WtwKg: co2Wtw, co2TtwKg: null, co2WttKg: null },
      note: [value.substitute, 'GLEC publishes hub values as WTW only; TTW/WTT are not split.']
        .filter((x) => x !== undefined)
        .join('. '),
    });
  }
  return {
    hubType: h.id,
    co2Ttw: null,
    co2Wtt: null,
    co2Wtw,
    tkm: 0,
    massT: mass.tonnes,
    hubIntensity: co2Wtw / mass.tonnes,
    method: 'default',
    factorSet: c.ref,
    trace: steps,
  };
};

export const calculateHubEmission = calculation(computeHub);
