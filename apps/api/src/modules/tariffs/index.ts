import { type RouteId, tariffsRoutes } from '@klimadesk/contract';
import { defineModule } from '../../platform/modules.ts';
import { tariffRoutes } from './tariffs.routes.ts';

/** Tariffs, tariff bookings and the module access they grant. Other modules import only this file. */
export const tariffsModule = defineModule({
  name: 'tariffs',
  routes: Object.keys(tariffsRoutes) as RouteId[],
  mount: tariffRoutes,
});

export {
  type BookedTariff,
  type ModuleBooking,
  activeBooking,
  activeTariffs,
  assertBusinessUnitAllowed,
  baseYears,
  bookedModules,
  moduleAccess,
  todayIn,
} from './tariffs.service.ts';
export { seedDemoBookings, seedTariffCatalogue } from './tariffs.seed.ts';
// Invoicing prices a month with the bookings that ran in it; the taxonomy reads a company's bookings for its trial state.
export {
  type PricedBooking,
  bookingTerms,
  bookingsInMonth,
  standardFreightTariff,
} from './tariffs.pricing.repository.ts';
