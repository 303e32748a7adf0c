import { and, eq, gt, inArray } from 'drizzle-orm';
import { schema } from '../src/platform/db/index.ts';
import { shipments, tours } from '../src/modules/tours/tours.schema.ts';
import { tourCodes } from '../src/modules/mappings/mappings.schema.ts';
import { calculateTourEmission } from '@klimadesk/glec';
import { tourEngineInput } from '../src/modules/tours/tours.emissions.ts';
import type { CompanyFixture, TestApp } from './harness.ts';
import { uploadImport } from './imports.ts';

/**
 * Tours and shipments made through the real import (mapping, CSV upload, job), so list, stats and
 * export tests read what an import writes. Dates are `YYYY-MM-DD` or `YYYY-MM-DD HH:MM` in UTC.
 */
/** The GLEC vehicle types most fixtures drive: an articulated tractor and a 12–20 t rigid truck. */
export const TRACTOR = 'road_in_tractor_30_60t_diesel';
export const TRUCK = 'road_in_12_20t_diesel';

export type FixtureShipment = {
  reference: string;
  weightKg: number;
  shipper?: string;
  orderNumber?: string;
  description?: string;
  carriage?: 'pre_carriage' | 'main_carriage' | 'on_carriage';
  tags?: string[];
  loadedDistanceKm?: number;
  originCity?: string;
  destinationCity?: string;
};

export type FixtureTour = {
  reference: string;
  departureDate: string;
  glecVehicleType: string;
  distanceKm: number;
  emptyDistanceKm?: number;
  /** Measured diesel in litres: gives the tour an individual (fuel-based) result. */
  dieselLitres?: number;
  licensePlate?: string;
  tags?: string[];
  departureCity?: string;
  arrivalCity?: string;
  /** Weight of a tour without shipments (with shipments it is their sum). */
  weightKg?: number;
  shipments?: FixtureShipment[];
};

/**
 * The engine's results for a fixture tour, computed from its inputs: the default one and, with
 * measured diesel, the fuel-based (individual) one.
 */
export function engineResults(tour: FixtureTour) {
  const input = {
    glecVehicleType: tour.glecVehicleType,
    distanceKm: tour.distanceKm,
    emptyDistanceKm: tour.emptyDistanceKm ?? null,
    weightKg: tour.shipments?.reduce((a, s) => a + s.weightKg, 0) ?? (tour.weightKg as number),
    temperatureControl: false,
    fuel: tour.dieselLitres ? [{ fuelType: 'diesel', amount: tour.dieselLitres, unit: 'L' as const }] : null,
    consumption: null,
  };
  const def = calculateTourEmission(tourEngineInput(input, 'default'));
  const ind = input.fuel ? calculateTourEmission(tourEngineInput(input, 'individual')) : null;
  if (!def.ok || (ind && !ind.ok)) throw new Error('engine');
  return { def: def.value, ind: ind?.ok ? ind.value : null };
}

/**
 * A tour of another company (10 km on a 12–20 t truck) with one shipment of 100 kg: the company
 * under test must find it in no list, figure or file.
 */
export const otherCompanyTour = (
  reference: string,
  departureDate: string,
  shipment: string,
  shipper = 'Bio AG',
): FixtureTour => ({
  reference,
  departureDate,
  glecVehicleType: TRUCK,
  distanceKm: 10,
  shipments: [{ reference: shipment, weightKg: 100, shipper }],
});

export type ImportedTours = {
  tours: Record<string, string>;
  shipments: Record<string, string>;
};

const COLUMNS = [
  ['Tour', 'tourReference'],
  ['Datum', 'departureDate'],
  ['Kennzeichen', 'licensePlate'],
  ['GLEC-Typ', 'glecTransportType'],
  ['Gewicht', 'weight'],
  ['Distanz', 'distance'],
  ['Leer', 'emptyDistance'],
  ['Diesel', 'fuelUsed'],
  ['Tourtags', 'tourTags'],
  ['Von', 'departureCity'],
  ['Nach', 'arrivalCity'],
] as const;
const SHIPMENT_COLUMNS = [
  ['Sendung', 'shipmentReference'],
  ['Auftrag', 'orderNumber'],
  ['Versender', 'shipper'],
  ['Beschreibung', 'description'],
  ['Lauf', 'carriage'],
  ['Sendungstags', 'shipmentTags'],
  ['Lastkilometer', 'loadedDistance'],
  ['Abholung', 'originCity'],
  ['Zustellung', 'destinationCity'],
] as const;

const cell = (v: string | number | undefined) => (v === undefined ? '' : String(v).replaceAll(';', ','));

async function mapping(t: TestApp, token: string, category: 'tour' | 'shipment'): Promise<string> {
  const cols = category === 'shipment' ? [...COLUMNS, ...SHIPMENT_COLUMNS] : COLUMNS;
  const res = await t.call({
    method: 'POST',
    url: '/api/mappings',
    token,
    payload: {
      templateName: `Fixture ${category} ${Date.now()}`,
      mappingFieldCategory: category,
      mappingFormat: 'csv',
      formatOptions: { delimiter: ';', decimalSeparator: '.', dateFormat: 'YYYY-MM-DD' },
      mappingDetails: cols.map(([value, mappingField]) => ({ value, mappingField })),
    },
  });
  if (res.statusCode !== 201) throw new Error(`fixture mapping: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

function csv(category: 'tour' | 'shipment', list: FixtureTour[]): string {
  const cols = category === 'shipment' ? [...COLUMNS, ...SHIPMENT_COLUMNS] : COLUMNS;
  const lines = [cols.map(([title]) => title).join(';')];
  for (const tour of list) {
    const head = [
      tour.reference,
      tour.departureDate,
      tour.licensePlate,
      tour.glecVehicleType,
      undefined,
      tour.distanceKm,
      tour.emptyDistanceKm,
      tour.dieselLitres,
      // Several tags in one cell: the import splits on , ; or |.
      tour.tags?.join('|'),
      tour.departureCity,
      tour.arrivalCity,
    ];
    if (category === 'tour') {
      head[4] = tour.weightKg ?? 1000;
      lines.push(head.map(cell).join(';'));
      continue;
    }
    for (const s of tour.shipments ?? []) {
      const row = [...head];
      row[4] = s.weightKg;
      row.push(
        s.reference,
        s.orderNumber,
        s.shipper,
        s.description,
        s.carriage === 'pre_carriage' ? 'Vorlauf' : s.carriage === 'on_carriage' ? 'Nachlauf' : 'Hauptlauf',
        s.tags?.join('|'),
        s.loadedDistanceKm,
        s.originCity,
        s.destinationCity,
      );
      lines.push(row.map(cell).join(';'));
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Runs the queue until no job is left. A job that failed is retried by the queue after its
 * back-off; tests bring the retry forward instead of waiting, and name the error if any.
 */
export async function drainJobs(t: TestApp): Promise<void> {
  for (let round = 0; round < 5; round++) {
    await t.ctx.jobs.drain();
    // Only retries are brought forward: a job planned for later (the export expiry) stays planned.
    const retries = and(eq(schema.jobs.status, 'queued'), gt(schema.jobs.attempts, 0));
    const waiting = await t.ctx.db.select().from(schema.jobs).where(retries);
    if (waiting.length === 0) return;
    console.warn('retrying jobs after:', waiting.map((j) => j.lastError).join('; '));
    await t.ctx.db
      .update(schema.jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(retries);
  }
}

/**
 * Runs the queue until an import task is done and answers it. A task still open after that is a
 * failure worth its details (the import jobs' states and errors), not a silent mismatch later.
 */
export async function finishedTask(t: TestApp, id: string, token: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    await drainJobs(t);
    const task = (await t.call({ method: 'GET', url: `/api/mapping-import-tasks/${id}`, token })).json();
    if (task.done) return task;
    await new Promise((r) => setTimeout(r, 50));
  }
  const jobs = await t.ctx.db.select().from(schema.jobs).where(eq(schema.jobs.queue, 'mapping-import'));
  throw new Error(
    `import task ${id} did not finish: ${JSON.stringify(jobs.map((j) => [j.status, j.attempts, j.lastError]))}`,
  );
}

async function upload(t: TestApp, token: string, mappingId: string, text: string): Promise<void> {
  // Fixture tours are chosen figures (a 1 t load on a tractor, say): the upload confirms what the
  // plausibility rules would stop, as a user does in the upload dialog.
  const res = await uploadImport(
    t,
    token,
    mappingId,
    { fileName: 'fixture.csv', contentType: 'text/csv', data: Buffer.from(text) },
    { confirmImplausible: 'true' },
  );
  if (res.statusCode !== 201) throw new Error(`fixture upload: ${res.statusCode} ${res.body}`);
  const task = await finishedTask(t, res.json().id as string, token);
  if (task.status !== 'success' || task.rejected > 0) {
    // The row codes say why a fixture row was rejected: a test's own data, not the import, is wrong.
    const codes = await t.ctx.db
      .select({ row: tourCodes.rowNumber, code: tourCodes.code, message: tourCodes.message })
      .from(tourCodes)
      .where(eq(tourCodes.taskId, task.id as string));
    throw new Error(`fixture import: ${JSON.stringify(task)} ${JSON.stringify(codes)}`);
  }
}

/**
 * Imports the tours (with their shipments; tours without shipments through a tour mapping) for
 * a company and answers the ids by reference. The company becomes a paying customer unless
 * `trial` is set, since the trial edition evaluates only 30 shipments per upload.
 */
export async function importTours(
  t: TestApp,
  company: CompanyFixture,
  list: FixtureTour[],
  options: { trial?: boolean } = {},
): Promise<ImportedTours> {
  if (!options.trial) {
    await t.ctx.db
      .update(schema.companies)
      .set({ isPayingCustomer: true })
      .where(eq(schema.companies.id, company.id));
  }
  const admin = await t.login(company.users.cftAdmin.email);
  const user = await t.login(company.users.user.email);
  const withShipments = list.filter((x) => x.shipments?.length);
  const bare = list.filter((x) => !x.shipments?.length);
  if (withShipments.length)
    await upload(t, user, await mapping(t, admin, 'shipment'), csv('shipment', withShipments));
  if (bare.length) await upload(t, user, await mapping(t, admin, 'tour'), csv('tour', bare));

  const tourRefs = list.map((x) => x.reference);
  const shipmentRefs = list.flatMap((x) => (x.shipments ?? []).map((s) => s.reference));
  const tourRows = await t.ctx.db
    .select({ id: tours.id, reference: tours.reference })
    .from(tours)
    .where(and(eq(tours.companyId, company.id), inArray(tours.reference, tourRefs)));
  const shipmentRows = shipmentRefs.length
    ? await t.ctx.db
        .select({ id: shipments.id, reference: shipments.reference })
        .from(shipments)
        .where(and(eq(shipments.companyId, company.id), inArray(shipments.reference, shipmentRefs)))
    : [];
  return {
    tours: Object.fromEntries(tourRows.map((r) => [r.reference, r.id])),
    shipments: Object.fromEntries(shipmentRows.map((r) => [r.reference, r.id])),
  };
}
