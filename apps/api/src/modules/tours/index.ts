import { defineModule } from '../../platform/modules.ts';
import { tourRoutes } from './tours.routes.ts';
import { seedSampleCompany } from './tours.samples.ts';

/**
 * Tours and shipments: lists, details, filters, figures and the session's date ranges. Other
 * modules import only this file: the tables and their SQL stay here, and readers get the functions
 * below (each reads the scope's company with the shared list filters).
 */
export const toursModule = defineModule({
  name: 'tours',
  routes: ['tours', 'getTour', 'shipments', 'getShipment', 'sessionConfig', 'updateSessionConfig'],
  mount: tourRoutes,
  // The sample company basic companies read exists before the first request is served.
  seed: seedSampleCompany,
});

// Who reads which company's rows, with which shippers and days (every reader below takes the scope).
export {
  type FilterScope,
  type Filters,
  SAMPLE_COMPANY_ID,
  isSample,
  resolveFilterScope,
} from './tours.filters.ts';
export type { Place } from './tours.schema.ts';
export { intensity } from './tours.service.ts';

// Lists and details as the API answers them (the PACT/iLEAP exchange reads shipments through these).
export { getShipment, getTour, listShipments, listTours } from './tours.service.ts';
// Every filtered row in keyset pages (exports; any reader that walks all rows).
export {
  type PageCursor,
  type ShipmentPageRow,
  type TourPageRow,
  UNDATED,
  countShipments,
  countTours,
  shipmentPage,
  tourPage,
} from './tours.pages.repository.ts';
// Dashboard figures.
export {
  type GroupRow as FigureGroup,
  type Totals as FigureTotals,
  shipmentFigures,
  tourFigures,
} from './tours.stats.repository.ts';
export { statsVersion } from './tours.rollups.repository.ts';
// A shipper's statement and the carbon footprint's freight flow-in.
export {
  type ModeSums,
  type TourSums,
  shipmentFactorSets,
  shipmentSumsByMode,
  shipmentTotals,
  tourSumsByFleet,
} from './tours.sums.repository.ts';
// Values for the list filters' suggestions (tags module).
export { shipperValues, tagValues } from './tours.suggestions.repository.ts';

// The import (mappings) computes tours and writes them in its transaction.
export { ImportWriter, type LinkInsert, type ShipmentInsert, type TourInsert } from './tours.repository.ts';
export { DistanceResolver } from './distances.ts';
export {
  CalculationError,
  type ShipmentInput,
  co2Columns,
  computeTourEmission,
  linkFigures,
} from './tours.emissions.ts';
// Partner primary data for a shipment's legs (decision 0018): the exchange module applies it as a
// restatement of the leg's stored figures, inside its own transaction, and registers the reader that
// tells the shipment detail about newer versions.
export {
  type PrimaryDataReader,
  type PrimaryDataState,
  primaryFigures,
  registerPrimaryDataReader,
} from './tours.primary-data.ts';
export {
  type Figures as LegCo2,
  type LegFigures,
  findRestatement,
  restateLeg,
  restoreLeg,
} from './tours.restatements.repository.ts';
export type { RestatementSource } from './tours.schema.ts';
// The PACT / iLEAP exchange reads shipments, legs and category totals through these (exchange module).
export {
  type ExchangeFuelShare,
  type ExchangeHubClass,
  type ExchangeLeg,
  type ExchangeLegClass,
  type ExchangeMethod,
  type ExchangeShipment,
  type ExchangeTransportLeg,
  exchangeOperationTotals,
  exchangeShipments,
  exchangeTransportLegs,
} from './tours.exchange.repository.ts';
