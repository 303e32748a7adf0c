import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { plateKey } from './fleet.rules.ts';
import { vehicles } from './fleet.schema.ts';

export type FleetVehicle = Pick<
  typeof vehicles.$inferSelect,
  'id' | 'licensePlate' | 'vehicleReference' | 'glecVehicleType' | 'fuelInformation'
>;

/**
 * The company's ACTIVE vehicles by plate key and by reference: decommissioned vehicles are never
 * used for new calculations (seed 000 §4). A fleet is small enough to hold for one import.
 */
export class FleetIndex {
  private readonly byPlate = new Map<string, FleetVehicle>();
  private readonly byReference = new Map<string, FleetVehicle>();

  static async load(db: DbOrTx, companyId: CompanyId): Promise<FleetIndex> {
    const rows = await db
      .select({
        id: vehicles.id,
        licensePlate: vehicles.licensePlate,
        licensePlateKey: vehicles.licensePlateKey,
        vehicleReference: vehicles.vehicleReference,
        glecVehicleType: vehicles.glecVehicleType,
        fuelInformation: vehicles.fuelInformation,
      })
      .from(vehicles)
      .where(and(eq(vehicles.companyId, companyId), eq(vehicles.status, 1)));
    const index = new FleetIndex();
    for (const r of rows) {
      index.byPlate.set(r.licensePlateKey, r);
      if (r.vehicleReference) index.byReference.set(r.vehicleReference.trim().toLowerCase(), r);
    }
    return index;
  }

  find(plate: string | null, reference: string | null): FleetVehicle | null {
    if (plate) {
      const v = this.byPlate.get(plateKey(plate));
      if (v) return v;
    }
    if (reference) return this.byReference.get(reference.trim().toLowerCase()) ?? null;
    return null;
  }
}

/** Marks vehicles as used so later edits keep the row the results refer to. */
export async function markVehiclesUsed(db: DbOrTx, companyId: CompanyId, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(vehicles)
    .set({ usedInCalculations: true })
    .where(
      and(
        eq(vehicles.companyId, companyId),
        sql`${vehicles.id} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
}
