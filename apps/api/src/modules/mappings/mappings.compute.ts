import type { RowIssue } from '@klimadesk/contract';
import {
  CalculationError,
  type LinkInsert,
  type ShipmentInput,
  type ShipmentInsert,
  type TourInsert,
  co2Columns,
  computeTourEmission,
  linkFigures,
} from '../tours/index.ts';
import { plausibilityFindings } from './mappings.plausibility.ts';
import { issue } from './mappings.rows.ts';
import type { Staged } from './mappings.staged.ts';

/**
 * The tour's emission; a consumption-based figure (vehicle's L/100 km × km driven incl. empty km)
 * needs the tour's empty km or the class's GLEC empty-running share. Where neither is known the
 * tour keeps its default figure only, whose GLEC intensity already includes the class's average
 * empty running (GLEC v3.1 Part 2, road: default TOC values cover load factor and empty running;
 * help FAQ "Wie werden Leerfahrten berücksichtigt?").
 */
export function withoutUnknownEmptyRunning(
  input: Parameters<typeof computeTourEmission>[0],
  shipments: ShipmentInput[],
): ReturnType<typeof computeTourEmission> {
  try {
    return computeTourEmission(input, shipments);
  } catch (err) {
    const unknownEmpty = err instanceof CalculationError && err.reason === 'EMPTY_RUNNING_UNKNOWN';
    if (!unknownEmpty || !input.consumption || input.fuel) throw err;
    return computeTourEmission({ ...input, consumption: null }, shipments);
  }
}

/** Tour code rows of a task from row issues. */
export function codeRows(
  companyId: string,
  taskId: string,
  issues: RowIssue[],
  tourReference: string | null = null,
) {
  return issues.map((i) => ({
    companyId,
    taskId,
    tourReference,
    rowNumber: i.row,
    column: i.column,
    code: i.code,
    message: i.message,
  }));
}

export type BatchPlan = {
  tours: TourInsert[];
  shipments: ShipmentInsert[];
  links: LinkInsert[];
  codes: ReturnType<typeof codeRows>;
  /** Rows and shipment references of each written tour (for the imported/updated counts). */
  rowsOfTour: Map<string, number>;
  shipmentsOfTour: Map<string, string[]>;
  /** The first written tour's figures (the mapping check shows them as its sample). */
  sample: TourFigures | null;
};

/** The figures of one computed tour as a user checks them: kg, km, tkm and kg CO2e WTW. */
export type TourFigures = {
  row: number;
  tourReference: string;
  glecVehicleType: string;
  weightKg: number;
  distanceKm: number;
  tkm: number | null;
  co2WtwKg: number;
  gramsPerTkm: number | null;
};

/** A tour's rows as the engine's input, or the issue that refuses them. */
type TourRows = {
  head: Staged;
  /** Several rows of one tour: the last row of a shipment wins, tour attributes come from the first. */
  shipments: Map<string, Staged>;
  weightKg: number;
  distance: number;
  emptyDistance: number | null;
  fuel: { fuelType: string; amount: number; unit: 'L' | 'kg' | 'kWh' }[] | null;
  shipmentInputs: ShipmentInput[];
  input: Parameters<typeof computeTourEmission>[0];
};

function tourRowsOf(group: Staged[], category: string): TourRows | { refused: RowIssue } {
  const head = group[0];
  const shipments = new Map<string, Staged>();
  for (const r of group) if (r.shipment) shipments.set(r.shipment.reference, r);
  const weightKg =
    category === 'shipment'
      ? [...shipments.values()].reduce((s, r) => s + (r.shipment?.weightKg ?? 0), 0)
      : (head.weightKg ?? 0);
  const withDistance = group.find((r) => r.distance !== null && r.distance > 0);
  if (!withDistance) {
    const why = group.find((r) => r.distanceIssue)?.distanceIssue;
    return {
      refused: issue(head.row, null, why?.code ?? 'distanceMissing', why ? `(${why.detail})` : undefined),
    };
  }
  const distance = withDistance.distance as number;
  const distanceType = withDistance.distanceMeasured ? ('SFD' as const) : ('actual' as const);
  const emptyDistance = group.find((r) => r.emptyDistance !== null)?.emptyDistance ?? null;
  const fuelRow = group.find((r) => r.fuelUsed !== null && r.fuelUsed > 0);
  const fuel = fuelRow
    ? [
        {
          fuelType: fuelRow.fuelType ?? head.consumption?.[0]?.fuelType ?? 'diesel',
          amount: fuelRow.fuelUsed as number,
          unit: (fuelRow.fuelUnit ?? 'L') as 'L' | 'kg' | 'kWh',
        },
      ]
    : null;
  const shipmentInputs: ShipmentInput[] = [...shipments.values()].map((r) => ({
    reference: r.shipment?.reference as string,
    weightKg: r.shipment?.weightKg ?? null,
    distanceKm: r.shipment?.loadedDistance ?? distance,
    distanceType: r.shipment?.loadedDistance ? ('actual' as const) : distanceType,
    carriage: r.shipment?.carriage ?? 'main_carriage',
  }));
  const input = {
    glecVehicleType: head.type,
    distanceKm: distance,
    distanceType,
    emptyDistanceKm: emptyDistance,
    weightKg,
    temperatureControl: group.some((r) => r.temperatureControl),
    fuel,
    consumption: head.consumption,
  };
  return { head, shipments, weightKg, distance, emptyDistance, fuel, shipmentInputs, input };
}

type Emission = ReturnType<typeof computeTourEmission>;

/** The tour row to write. */
function tourRow(
  ids: { companyId: string; taskId: string; ref: string },
  group: Staged[],
  t: TourRows,
  emission: Emission,
): TourInsert {
  const { head } = t;
  const emissionOf = new Map(emission.shipments.map((e) => [e.reference, e]));
  return {
    companyId: ids.companyId,
    reference: ids.ref,
    departure: head.departure,
    arrival: head.arrival,
    departureDate: head.departureDate ? new Date(head.departureDate) : null,
    arrivalDate: head.arrivalDate ? new Date(head.arrivalDate) : null,
    glecVehicleType: head.type,
    vehicleId: head.vehicleId,
    licensePlate: head.licensePlate,
    vehicleReference: head.vehicleReference,
    weightKg: t.weightKg,
    distanceKm: t.distance,
    emptyDistanceKm: t.emptyDistance,
    emptyRunningShare: emission.emptyRunningShare,
    tkm: emission.tkm,
    fuel: t.fuel,
    temperatureControl: group.some((r) => r.temperatureControl),
    ...co2Columns(emission),
    shipmentCount: [...t.shipments.keys()].filter((r) => emissionOf.has(r)).length,
    defaultResult: emission.default,
    individualResult: emission.individual,
    tags: [...new Set(group.flatMap((r) => r.tourTags))],
    taskId: ids.taskId,
  };
}

/** A shipment's row before its first link of this batch. */
const freshShipment = (companyId: string, reference: string): ShipmentInsert => ({
  companyId,
  reference,
  departureDate: null,
  co2DefaultTtw: null,
  co2DefaultWtt: null,
  co2DefaultWtw: null,
  co2IndividualTtw: null,
  co2IndividualWtt: null,
  co2IndividualWtw: null,
  hubCo2Wtw: null,
  tkm: null,
  glecVehicleType: null,
  tourCount: 0,
});

const add = (a: number | null | undefined, b: number | null | undefined) =>
  b === null || b === undefined ? (a ?? null) : (a ?? 0) + b;

/** Adds one link's figures to its shipment's row (totals of this batch's links). */
function addLink(
  row: ShipmentInsert,
  e: Emission['shipments'][number],
  type: string,
  departureDate: Date | null,
) {
  row.co2DefaultTtw = add(row.co2DefaultTtw, e.default.co2Ttw);
  row.co2DefaultWtt = add(row.co2DefaultWtt, e.default.co2Wtt);
  row.co2DefaultWtw = add(row.co2DefaultWtw, e.default.co2Wtw);
  row.co2IndividualTtw = add(row.co2IndividualTtw, e.individual?.co2Ttw);
  row.co2IndividualWtt = add(row.co2IndividualWtt, e.individual?.co2Wtt);
  row.co2IndividualWtw = add(row.co2IndividualWtw, e.individual?.co2Wtw);
  row.hubCo2Wtw = add(row.hubCo2Wtw, e.hubCo2Wtw);
  // The figure the stats show: the link's tkm on the transport distance (refreshTotals sums
  // the same over all links of a shipment on several tours).
  // A second tour of another type in this batch clears it (refreshTotals settles it anyway).
  const firstLink = row.tkm === null || row.tkm === undefined;
  row.tourCount = (row.tourCount ?? 0) + 1;
  row.glecVehicleType = firstLink || row.glecVehicleType === type ? type : null;
  row.tkm = (row.tkm ?? 0) + (e.tkm ?? 0);
  if (departureDate && (!row.departureDate || departureDate < row.departureDate))
    row.departureDate = departureDate;
}

/**
 * The tour's shipments into `shipmentRows` and its links into the plan. Totals come from this
 * batch's links; a shipment on several tours is summed again from all its links after the merge
 * (ImportWriter.finish), so each row is written once.
 */
function addShipments(
  plan: BatchPlan,
  shipmentRows: Map<string, ShipmentInsert>,
  ids: { companyId: string; taskId: string; ref: string },
  t: TourRows,
  emission: Emission,
): void {
  const departureDate = t.head.departureDate ? new Date(t.head.departureDate) : null;
  const emissionOf = new Map(emission.shipments.map((e) => [e.reference, e]));
  const inputOf = new Map(t.shipmentInputs.map((i) => [i.reference, i]));
  for (const [sref, r] of t.shipments) {
    const s = r.shipment as NonNullable<Staged['shipment']>;
    const e = emissionOf.get(sref);
    const row = shipmentRows.get(sref) ?? freshShipment(ids.companyId, sref);
    Object.assign(row, {
      orderNumber: s.orderNumber,
      shipper: s.shipper,
      description: s.description,
      weightKg: s.weightKg,
      loadedDistanceKm: s.loadedDistance,
      origin: s.origin,
      destination: s.destination,
      tags: s.tags,
      taskId: ids.taskId,
    });
    shipmentRows.set(sref, row);
    if (!e) continue;
    addLink(row, e, t.head.type ?? 'unknown', departureDate);
    plan.links.push({
      tourReference: ids.ref,
      shipmentReference: sref,
      carriage: s.carriage,
      weightKg: s.weightKg,
      distanceKm: inputOf.get(sref)?.distanceKm ?? null,
      ...linkFigures(e),
    });
  }
}

function byTourReference(rows: Staged[]): Map<string, Staged[]> {
  const byTour = new Map<string, Staged[]>();
  for (const r of rows) {
    const list = byTour.get(r.tourReference);
    if (list) list.push(r);
    else byTour.set(r.tourReference, [r]);
  }
  return byTour;
}

/**
 * Computes the tours of one batch of staged rows (all rows of each tour); no database access. The
 * import and the mapping's check step both run it, so a row the check passes the import keeps.
 * Tours breaking a plausibility rule are stopped unless `confirmed`.
 */
export function computeBatch(
  companyId: string,
  taskId: string,
  category: string,
  rows: Staged[],
  counts: { imported: number; updated: number; rejected: number },
  usedVehicles: Set<string>,
  confirmed = false,
): BatchPlan {
  const plan: BatchPlan = {
    tours: [],
    shipments: [],
    links: [],
    codes: [],
    rowsOfTour: new Map(),
    shipmentsOfTour: new Map(),
    sample: null,
  };
  const shipmentRows = new Map<string, ShipmentInsert>();
  for (const [ref, group] of byTourReference(rows)) {
    const refuse = (found: RowIssue[]) => {
      counts.rejected += group.length;
      plan.codes.push(...codeRows(companyId, taskId, found, ref));
    };
    const t = tourRowsOf(group, category);
    if ('refused' in t) {
      refuse([t.refused]);
      continue;
    }
    const { head, weightKg } = t;
    let emission: Emission;
    try {
      emission = withoutUnknownEmptyRunning(t.input, t.shipmentInputs);
    } catch (err) {
      const reason = err instanceof CalculationError ? `(${err.reason})` : undefined;
      refuse([issue(head.row, null, 'calculationFailed', reason)]);
      continue;
    }
    // The result the tour shows: fuel-based where the row or vehicle gives fuel, else default.
    const co2WtwKg = (emission.individual ?? emission.default).co2Wtw;
    const findings = confirmed
      ? []
      : plausibilityFindings({ glecVehicleType: head.type, weightKg, tkm: emission.tkm, co2WtwKg });
    if (findings.length) {
      refuse(findings.map((f) => issue(head.row, null, f.code, `(${f.detail})`)));
      continue;
    }
    plan.sample ??= {
      row: head.row,
      tourReference: ref,
      glecVehicleType: head.type,
      weightKg,
      distanceKm: t.distance,
      tkm: emission.tkm,
      co2WtwKg,
      gramsPerTkm: emission.tkm ? (co2WtwKg * 1000) / emission.tkm : null,
    };
    if (head.vehicleId) usedVehicles.add(head.vehicleId);
    plan.rowsOfTour.set(ref, group.length);
    const ids = { companyId, taskId, ref };
    plan.tours.push(tourRow(ids, group, t, emission));
    plan.shipmentsOfTour.set(ref, [...t.shipments.keys()]);
    addShipments(plan, shipmentRows, ids, t, emission);
  }
  plan.shipments = [...shipmentRows.values()];
  setTourShippers(plan.tours, plan.links, shipmentRows);
  return plan;
}

/**
 * Each tour's distinct shippers (sorted) and its links per shipper, from its links and the
 * shipments as this batch writes them; the writer refreshes the tours of a shipment whose shipper
 * a later batch or this import changes (ImportWriter.finish).
 */
function setTourShippers(
  tours: TourInsert[],
  links: LinkInsert[],
  shipments: Map<string, ShipmentInsert>,
): void {
  const perTour = new Map<string, Map<string, number>>();
  for (const l of links) {
    const shipper = shipments.get(l.shipmentReference)?.shipper;
    if (shipper === null || shipper === undefined) continue;
    let counts = perTour.get(l.tourReference);
    if (!counts) perTour.set(l.tourReference, (counts = new Map()));
    counts.set(shipper, (counts.get(shipper) ?? 0) + 1);
  }
  for (const t of tours) {
    const counts = perTour.get(t.reference);
    // Sorted by code unit; the order only pairs each shipper with its link count.
    t.shippers = counts ? [...counts.keys()].sort() : [];
    t.shipperLinks = t.shippers.map((s) => counts?.get(s) ?? 0);
  }
}
