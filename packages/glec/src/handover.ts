/**
 * Where goods pass a hub, and of which GLEC hub category: the one rule for orders and tours.
 * Every transport chain element is carried by one vehicle, so goods pass a hub wherever they change
 * vehicle, also between two legs of the same mode ([S1] ISO 14083 guide §3.1, Case A; GLEC v3.1
 * §3.1: "every change of vehicle ... starts a new TCE"; hub TCEs have distance 0).
 */
import type { Carriage, TransportMode } from './types.ts';

/** GLEC hub categories the rule chooses from ([S2] iLEAP HubType; GLEC v3.2 Module 2 Table 3). */
export type HandoverHubType = 'maritime_container_terminal' | 'transhipment';

/**
 * The hub between two legs: containers to or from a ship pass a maritime container terminal; every
 * other handover is a transhipment site (> 80 % transhipment, GLEC v3.2 Module 2 Table 3).
 */
export function handoverHubType(
  from: TransportMode,
  to: TransportMode,
  containerised: boolean,
): HandoverHubType {
  return containerised && (from === 'sea' || to === 'sea') ? 'maritime_container_terminal' : 'transhipment';
}

/** The hubs of a chain of legs in route order: one between every two consecutive legs. */
export function chainHandovers(
  modes: readonly TransportMode[],
  containerised: boolean,
): { afterLeg: number; hubType: HandoverHubType }[] {
  const hubs: { afterLeg: number; hubType: HandoverHubType }[] = [];
  for (let i = 1; i < modes.length; i++)
    hubs.push({ afterLeg: i - 1, hubType: handoverHubType(modes[i - 1]!, modes[i]!, containerised) });
  return hubs;
}

/**
 * A tour carries one leg of each of its shipments' chains. The hub between two legs is counted once,
 * with the leg off the main carriage: a pre-carriage leg hands over at its end, an on-carriage leg
 * takes over at its start, so pre → main → on gets the same two hubs as a chain of three legs. The
 * tour does not know the other leg's mode or the shipment's packing: the hub is a transhipment site.
 */
export function tourLegHandovers(carriage: Carriage, mode: TransportMode): HandoverHubType[] {
  return carriage === 'main_carriage' ? [] : [handoverHubType(mode, mode, false)];
}
