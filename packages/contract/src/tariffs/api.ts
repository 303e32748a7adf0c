import { defineRoutes, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

const SMP: Role[] = ['ROLE_SMP_ADMIN'];
// A company admin reads the own company's bookings (seed 002 §6: company admin "tariffs").
const COMPANY_ADMIN: Role[] = ['ROLE_COMPANY_ADMIN'];
const kit = routeKit('tariffs', { module: null, read: SMP });
const tariffs = kit.collection('/api/tariffs', 'tariff', { item: s.tariff });
const bookings = kit.collection('/api/tariff-bookings', 'tariffBooking', { item: s.tariffBooking });
/** Booking the demo and reading its date both answer the company's taxonomy state. */
const taxStatusOfCompany = { resources: { id: 'company' }, response: { 200: s.taxStatus } } as const;

export const tariffsRoutes = defineRoutes({
  tariffs: tariffs.list('The tariff catalogue (platform admin; 20 per page, filters module and type)', {
    query: s.tariffListQuery,
  }),
  tariffTypes: kit.read('/api/tariffs/types', 'Tariff types and billing periods', {
    response: { 200: s.tariffTypes },
  }),
  getTariff: tariffs.get('One tariff with its translations', { query: s.localeQuery }),
  createTariff: tariffs.create('Create a tariff (a missing translation is filled from the complete one)', {
    body: s.tariffBody,
  }),
  updateTariff: tariffs.update('Change a tariff', { body: s.tariffPatchBody }),
  deleteTariff: tariffs.remove('Delete a tariff without bookings (TariffIsInUse otherwise)'),
  tariffBookings: bookings.list(
    'Tariff bookings by end date (own company; any company for the platform admin)',
    {
      access: COMPANY_ADMIN,
      query: s.tariffBookingListQuery,
      resources: { company: 'company' },
    },
  ),
  getTariffBooking: bookings.get('One tariff booking', {
    access: COMPANY_ADMIN,
    query: s.localeQuery,
  }),
  createTariffBooking: bookings.create(
    'Book a tariff for a company and mail the recipient (platform admin)',
    {
      body: s.tariffBookingBody,
      resources: { company: 'company', tariff: 'tariff', userBooking: 'user' },
    },
  ),
  updateTariffBooking: bookings.update(
    'Change a booking that has not expired and mail the recipient (platform admin)',
    {
      body: s.tariffBookingPatchBody,
      resources: { tariff: 'tariff', userBookingChange: 'user' },
    },
  ),
  cancelTariffBooking: kit.write(
    'PATCH',
    '/api/tariff-bookings/:id/cancel',
    'Cancel a booking at an end date and mail the recipient (platform admin)',
    {
      ...bookings.id,
      body: s.tariffBookingCancelBody,
      resources: { ...bookings.id.resources, userCancellation: 'user' },
      response: { 200: s.tariffBooking },
    },
  ),
  activeTariffs: kit.read('/api/active-tariffs', 'The running bookings of the signed-in company', {
    access: 'session',
    query: s.localeQuery,
    response: { 200: s.activeTariffList },
  }),
  baseYears: kit.read(
    '/api/base-years',
    'Earliest base year and latest report year of the company’s running bookings',
    { access: 'session', response: { 200: s.baseYears } },
  ),
  // A GET of the seed (§7) that books: read-only users are refused like on any write.
  bookTaxDemo: kit.write(
    'GET',
    '/api/companies/:id/book-tax-demo/:x',
    'Book the 14-day taxonomy demo (DEMO if allowed, otherwise EXPIRED)',
    {
      access: ['ROLE_COMPANY_ADMIN', 'ROLE_TAX_ADMIN'],
      params: s.bookTaxDemoParams,
      ...taxStatusOfCompany,
    },
  ),
  taxDemoBookingDate: kit.read(
    '/api/companies/:id/tax-demo-booking-date',
    'The taxonomy state (taxType, taxDemoEnd) of a company',
    {
      access: ['ROLE_COMPANY_ADMIN', 'ROLE_TAX_READ_ONLY'],
      params: s.companyTaxParams,
      ...taxStatusOfCompany,
    },
  ),
});
