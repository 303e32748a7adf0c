import type { RowIssue } from '@klimadesk/contract';
import {
  CalculationError,
  type ShipmentInput,
  co2Columns,
  computeTourEmission,
  linkFigures,
  toursRepository as toursRepo,
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
  tours: toursRepo.TourInsert[];
  shipments: toursRepo.ShipmentInsert[];
  links: toursRepo.LinkInsert[];
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
  const byTour = new Map<string, Staged[]>();
  for (const r of rows) {
    const list = byTour.get(r.tourReference);
    if (list) list.push(r);
    else byTour.set(r.tourReference, [r]);
  }
  const plan: BatchPlan = {
    tours: [],
    shipments: [],
    links: [],
    codes: [],
    rowsOfTour: new Map(),
    shipmentsOfTour: new Map(),
    sample: null,
  };
  const shipmentRows = new Map<string, toursRepo.ShipmentInsert>();

  for (const [ref, group] of byTour) {
    const head = group[0];
    // Several rows of one tour: the last row of a shipment wins, tour attributes come from the first.
    const shipments = new Map<string, Staged>();
    for (const r of group) if (r.shipment) shipments.set(r.shipment.reference, r);
    const weightKg =
      category === 'shipment'
        ? [...shipments.values()].reduce((s, r) => s + (r.shipment?.weightKg ?? 0), 0)
        : (head.weightKg ?? 0);
    const withDistance = group.find((r) => r.distance !== null && r.distance > 0);
    if (!withDistance) {
      counts.rejected += group.length;
      const why = group.find((r) => r.distanceIssue)?.distanceIssue;
      plan.codes.push(
        ...codeRows(
          companyId,
          taskId,
          [issue(head.row, null, why?.code ?? 'distanceMissing', why ? `(${why.detail})` : undefined)],
          ref,
        ),
      );
      continue;
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
    let emission: ReturnType<typeof computeTourEmission>;
    try {
      emission = withoutUnknownEmptyRunning(input, shipmentInputs);
    } catch (err) {
      counts.rejected += group.length;
      const reason = err instanceof CalculationError ? `(${err.reason})` : undefined;
      plan.codes.push(
        ...codeRows(companyId, taskId, [issue(head.row, null, 'calculationFailed', reason)], ref),
      );
      continue;
    }
    // The result the tour shows: fuel-based where the row or vehicle gives fuel, else default.
    const co2WtwKg = (emission.individual ?? emission.default).co2Wtw;
    const findings = confirmed
      ? []
      : plausibilityFindings({ glecVehicleType: head.type, weightKg, tkm: emission.tkm, co2WtwKg });
    if (findings.length) {
      counts.rejected += group.length;
      const found = findings.map((f) => issue(head.row, null, f.code, `(${f.detail})`));
      plan.codes.push(...codeRows(companyId, taskId, found, ref));
      continue;
    }
    plan.sample ??= {
      row: head.row,
      tourReference: ref,
      glecVehicleType: head.type,
      weightKg,
      distanceKm: distance,
      tkm: emission.tkm,
      co2WtwKg,
      gramsPerTkm: emission.tkm ? (co2WtwKg * 1000) / emission.tkm : null,
    };
    if (head.vehicleId) usedVehicles.add(head.vehicleId);
    plan.rowsOfTour.set(ref, group.length);
    const departureDate = head.departureDate ? new Date(head.departureDate) : null;
    const emissionOf = new Map(emission.shipments.map((e) => [e.reference, e]));
    plan.tours.push({
      companyId,
      reference: ref,
      departure: head.departure,
      arrival: head.arrival,
      departureDate,
      arrivalDate: head.arrivalDate ? new Date(head.arrivalDate) : null,
      glecVehicleType: head.type,
      vehicleId: head.vehicleId,
      licensePlate: head.licensePlate,
      vehicleReference: head.vehicleReference,
      weightKg,
      distanceKm: distance,
      emptyDistanceKm: emptyDistance,
      emptyRunningShare: emission.emptyRunningShare,
      tkm: emission.tkm,
      fuel,
      temperatureControl: group.some((r) => r.temperatureControl),
      ...co2Columns(emission),
      shipmentCount: [...shipments.keys()].filter((r) => emissionOf.has(r)).length,
      defaultResult: emission.default,
      individualResult: emission.individual,
      tags: [...new Set(group.flatMap((r) => r.tourTags))],
      taskId,
    });
    plan.shipmentsOfTour.set(ref, [...shipments.keys()]);
    const inputOf = new Map(shipmentInputs.map((i) => [i.reference, i]));
    for (const [sref, r] of shipments) {
      const s = r.shipment as NonNullable<Staged['shipment']>;
      const e = emissionOf.get(sref);
      // Totals from this batch's links; a shipment on several tours is summed again from all its
      // links after the merge (ImportWriter.finish), so each row is written once.
      const row: toursRepo.ShipmentInsert = shipmentRows.get(sref) ?? {
        companyId,
        reference: sref,
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
      };
      Object.assign(row, {
        orderNumber: s.orderNumber,
        shipper: s.shipper,
        description: s.description,
        weightKg: s.weightKg,
        loadedDistanceKm: s.loadedDistance,
        origin: s.origin,
        destination: s.destination,
        tags: s.tags,
        taskId,
      });
      shipmentRows.set(sref, row);
      if (!e) continue;
      const add = (a: number | null | undefined, b: number | null | undefined) =>
        b === null || b === undefined ? (a ?? null) : (a ?? 0) + b;
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
      const type = head.type ?? 'unknown';
      row.tourCount = (row.tourCount ?? 0) + 1;
      row.glecVehicleType = firstLink || row.glecVehicleType === type ? type : null;
      row.tkm = (row.tkm ?? 0) + (e.tkm ?? 0);
      if (departureDate && (!row.departureDate || departureDate < row.departureDate))
        row.departureDate = departureDate;
      plan.links.push({
        tourReference: ref,
        shipmentReference: sref,
        carriage: s.carriage,
        weightKg: s.weightKg,
        distanceKm: inputOf.get(sref)?.distanceKm ?? null,
        ...linkFigures(e),
      });
    }
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
  tours: toursRepo.TourInsert[],
  links: toursRepo.LinkInsert[],
  shipments: Map<string, toursRepo.ShipmentInsert>,
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
