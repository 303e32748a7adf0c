import type { Trailer, Vehicle } from '@klimadesk/contract';
import type { TrailerRow, VehicleRow } from './fleet.repository.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Status and dates of a vehicle or trailer, the same fields in both answers. */
const lifecycleOf = (r: VehicleRow | TrailerRow) => ({
  status: r.status,
  restoredAt: iso(r.restoredAt),
  decommissionedAt: iso(r.decommissionedAt),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  sample: false,
});

export function toVehicleDto(r: VehicleRow): Vehicle {
  return {
    id: r.id,
    licensePlate: r.licensePlate,
    vehicleLocation: r.vehicleLocation,
    description: r.description,
    vehicleReference: r.vehicleReference,
    fuelInformation: r.fuelInformation.map((f) => ({
      consumption: f.consumption ?? null,
      unitFuelConsumption: f.unitFuelConsumption ?? null,
      fuelType: f.fuelType ?? null,
    })),
    glecVehicleType: r.glecVehicleType,
    manufacturer: r.manufacturer,
    type: r.type,
    model: r.model,
    maxPayload: r.maxPayload,
    maxWeight: r.maxWeight,
    weight: r.weight,
    enginePowerPs: r.enginePowerPs,
    enginePowerKw: r.enginePowerKw,
    engineDisplacement: r.engineDisplacement,
    yearOfConstruction: r.yearOfConstruction,
    exhaustStandard: r.exhaustStandard,
    hasCoolingUnit: r.hasCoolingUnit,
    coolingUnitDescription: r.coolingUnitDescription,
    ...lifecycleOf(r),
  };
}

export function toTrailerDto(r: TrailerRow): Trailer {
  return {
    id: r.id,
    licensePlate: r.licensePlate,
    description: r.description,
    trailerReference: r.trailerReference,
    glecTrailerType: r.glecTrailerType,
    loadVolume: r.loadVolume,
    maxPayload: r.maxPayload,
    maxWeight: r.maxWeight,
    weight: r.weight,
    hasCoolingUnit: r.hasCoolingUnit,
    coolingUnitDescription: r.coolingUnitDescription,
    yearOfConstruction: r.yearOfConstruction,
    ...lifecycleOf(r),
  };
}
