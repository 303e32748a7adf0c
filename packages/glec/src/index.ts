/**
 * @klimadesk/glec: freight emissions engine following the GLEC Framework v3.1 / ISO 14083.
 * Pure functions, no I/O, no clock, no dependencies. Public calculations return Result<T>:
 * `{ ok: true, value }` or `{ ok: false, error: { code, message, path? } }`.
 */
export type {
  CalculationOptions,
  Carriage,
  ContainerCount,
  ContainerSize,
  DistanceType,
  FactorSetRef,
  FuelQuantity,
  FuelUnit,
  Label,
  Language,
  LegEmissionInput,
  LegEmissionResult,
  Method,
  RefrigerantLeakage,
  TraceFactor,
  TraceStep,
  TransportMode,
  WeightUnit,
} from './types.ts';
export { DISTANCE_TYPES, FUEL_UNITS, TRANSPORT_MODES, WEIGHT_UNITS } from './types.ts';

export { GLEC_ERROR_CODES, GlecError, unwrap } from './result.ts';
export type { GlecErrorCode, GlecErrorInfo, Result } from './result.ts';

export { calculateLegEmission } from './leg.ts';
export { calculateTourEmission } from './tour.ts';
export type { FuelConsumption, TourEmissionInput, TourEmissionResult } from './tour.ts';
export { calculateShipmentDefaults, shipmentSumTrace } from './shipments.ts';
export type { ShipmentDefault, ShipmentDefaultsInput, ShipmentDefaultsResult } from './shipments.ts';
export { transportDistance } from './transport-distance.ts';
export { calculateHubEmission } from './hub.ts';
export { chainHandovers, handoverHubType, tourLegHandovers } from './handover.ts';
export type { HandoverHubType } from './handover.ts';
export type { HubEmissionInput, HubEmissionResult } from './hub.ts';
export { calculateChainEmission } from './chain.ts';
export type {
  ChainElementInput,
  ChainElementResult,
  ChainEmissionResult,
  ChainHubInput,
  ChainInput,
  ChainLegInput,
} from './chain.ts';
export {
  allocateTourEmissions,
  allocateToursColumnar,
  largestRemainder,
  ROUNDING_NOTE,
  tourGrams,
} from './allocation.ts';
export type {
  AllocationInput,
  AllocationResult,
  AllocationShipmentInput,
  ColumnarAllocationInput,
  ColumnarAllocationResult,
  ShipmentAllocation,
} from './allocation.ts';

export { formatTrace } from './trace.ts';
export { editionText, localizeTrace, traceName } from './trace-language.ts';
export type { LocalizedTraceStep } from './trace-language.ts';

export { GLEC_DEFAULT_FACTOR_SET } from './data/glec-default.ts';
export { deriveFactorSet, validateFactorSet } from './factor-set.ts';
export type {
  DistanceAdjustment,
  FactorSet,
  FactorSetOverrides,
  FactorSource,
  FuelFactor,
  HubFactor,
  HubValue,
  RefrigerantFactor,
  SourcedNumber,
  TemperatureRule,
  VehicleTypeFactor,
} from './factor-set.ts';

// Master data (vehicle, fuel, hub and trailer types) is public as a whole.
export * from './master-data.ts';
export { SOURCE_DOCUMENTS, SOURCE_VERSIONS } from './sources.ts';
export type { GlecEdition, SourceDocument, SourceVersion } from './sources.ts';
