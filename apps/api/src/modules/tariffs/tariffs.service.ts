import type { z } from 'zod';
import {
  type ActiveTariff,
  BILLING_PERIODS,
  type BillingPeriod,
  type Language,
  INCLUDED_MODULES,
  MODULES,
  type ModuleCode,
  type PricingTariff,
  TARIFF_TYPES,
  TRIAL_DAYS,
  type Tariff,
  type TariffBooking,
  type TariffType,
  type TaxStatus,
  addDays,
  bookingEnd,
  bookingState,
  fillTranslations,
  isRunning,
  isTrialTariff,
  needsMinCostPerShipment,
  normaliseFees,
  tariffSchemas as s,
  taxStatusOf,
  withIncludedModules,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { type Actor, assertCompanyAccess, isPlatformAdmin } from '../../platform/access.ts';
import { AppError, notFoundUnless } from '../../platform/errors.ts';
import { type ListQuery, list } from '../../platform/lists.ts';
import { toHtml } from '../../platform/mail-templates.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { DEFAULT_TIME_ZONE } from '../../platform/http.ts';
import { authKey, perChannel } from '../../platform/auth/auth-cache.ts';
import { type BookingMailKind, bookingMail } from './tariffs.mails.ts';
import * as repo from './tariffs.repository.ts';

type TariffBody = z.output<typeof s.tariffBody>;
type TariffPatch = z.output<typeof s.tariffPatchBody>;
type BookingBody = z.output<typeof s.tariffBookingBody>;
type BookingPatch = z.output<typeof s.tariffBookingPatchBody>;
type CancelBody = z.output<typeof s.tariffBookingCancelBody>;

// Building an Intl.DateTimeFormat costs about 0.1 ms; /users/me asks for today on every call
// (docs/performance.md), so each time zone's formatter is built once.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The user's local day as `YYYY-MM-DD` (bookings run in whole days). */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

const kindOf = (t: repo.TariffRow) => ({ type: t.type as TariffType, isFreeOfCharge: t.isFreeOfCharge });

const localeOf = (lang?: string): Language => (lang === 'en' ? 'en' : 'de');

function nameIn(row: repo.TariffRow, locale: Language) {
  const t = row.translations.find((x) => x.locale === locale) ?? row.translations[0];
  return { name: t?.name ?? '', shortDescription: t?.shortDescription ?? '' };
}

function toTariffDto(row: repo.TariffRow & { bookings: number }, locale: Language): Tariff {
  return {
    id: row.id,
    ...nameIn(row, locale),
    ...bodyOfRow(row),
    translations: row.translations.map((t) => ({ ...t, id: `${row.id}:${t.locale}` })),
    bookings: row.bookings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The save rules of seed 002 §4/§5 on a whole tariff: translations complete and filled, basic fee 0
 * when free, billing period only with a basic fee, a minimum cost where a per-shipment price applies.
 */
export function tariffValues(t: TariffBody): repo.TariffInsert {
  const translations = fillTranslations(t.translations);
  if (!translations) throw new AppError('tariffTranslationMissing');
  const fees = normaliseFees(t);
  if (needsMinCostPerShipment(fees) && fees.minCostPerShipment <= 0)
    throw new AppError('tariffMinCostMissing');
  return {
    module: t.module,
    type: t.type,
    billingPeriod: fees.billingPeriod,
    basicFeeCents: fees.basicFee,
    costPerUploadCents: t.costPerUpload,
    staticCostPerShipmentCents: t.staticCostPerShipment,
    minCostPerShipmentCents: t.minCostPerShipment,
    maxCostPerShipmentCents: t.maxCostPerShipment ?? null,
    regressionFactor: t.regressionFactor,
    freeNumberOfShipments: t.freeNumberOfShipments,
    businessUnitsLimit: t.businessUnitsLimit ?? null,
    isCategoryDefaultTariff: t.isCategoryDefaultTariff,
    isFreeOfCharge: t.isFreeOfCharge,
    endDate: t.endDate ?? null,
    translations,
  };
}

function bodyOfRow(row: repo.TariffRow): Required<TariffBody> {
  return {
    type: row.type as TariffType,
    module: row.module as ModuleCode,
    billingPeriod: (row.billingPeriod as BillingPeriod | null) ?? null,
    basicFee: row.basicFeeCents,
    costPerUpload: row.costPerUploadCents,
    staticCostPerShipment: row.staticCostPerShipmentCents,
    minCostPerShipment: row.minCostPerShipmentCents,
    maxCostPerShipment: row.maxCostPerShipmentCents,
    regressionFactor: row.regressionFactor,
    freeNumberOfShipments: row.freeNumberOfShipments,
    businessUnitsLimit: row.businessUnitsLimit,
    isCategoryDefaultTariff: row.isCategoryDefaultTariff,
    isFreeOfCharge: row.isFreeOfCharge,
    endDate: row.endDate,
    translations: row.translations,
  };
}

export async function listTariffs(
  ctx: AppContext,
  q: ListQuery & { module?: string; type?: string; locale?: string },
  lang: Language,
) {
  const { rows, total } = await repo.listTariffs(ctx.db, { ...q, locale: q.locale ?? lang });
  const locale = localeOf(q.locale ?? lang);
  return list(
    rows.map((r) => toTariffDto(r, locale)),
    total,
  );
}

export function tariffTypes() {
  return { types: [...TARIFF_TYPES], billingPeriods: [...BILLING_PERIODS] };
}

export async function getTariff(ctx: AppContext, id: string, locale: Language): Promise<Tariff> {
  return toTariffDto(notFoundUnless(await repo.findTariff(ctx.db, id)), locale);
}

export async function createTariff(ctx: AppContext, body: TariffBody, lang: Language): Promise<Tariff> {
  const row = await repo.insertTariff(ctx.db, tariffValues(body));
  return getTariff(ctx, row.id, lang);
}

export async function updateTariff(ctx: AppContext, id: string, patch: TariffPatch, lang: Language) {
  const row = notFoundUnless(await repo.findTariff(ctx.db, id));
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await repo.updateTariff(ctx.db, id, tariffValues({ ...bodyOfRow(row), ...defined } as TariffBody));
  return getTariff(ctx, id, lang);
}

export async function deleteTariff(ctx: AppContext, id: string): Promise<void> {
  notFoundUnless(await repo.findTariff(ctx.db, id));
  if (!(await repo.deleteUnbookedTariff(ctx.db, id))) throw new AppError('TariffIsInUse');
}

function toBookingDto(r: repo.BookingWithTariff, locale: Language, today: string): TariffBooking {
  const { booking: b, tariff } = r;
  return {
    id: b.id,
    company: { id: b.companyId, name: r.companyName },
    tariff: {
      id: tariff.id,
      name: nameIn(tariff, locale).name,
      type: tariff.type as TariffType,
      module: tariff.module as ModuleCode,
      isFreeOfCharge: tariff.isFreeOfCharge,
    },
    type: tariff.type as TariffType,
    beginDate: b.beginDate,
    endDate: b.endDate,
    minimumTerm: b.minimumTerm,
    minimumBaseYear: b.minimumBaseYear,
    maximumReportYear: b.maximumReportYear,
    period: (b.period as BillingPeriod | null) ?? null,
    state: bookingState({ endDate: b.endDate, cancelledAt: b.cancelledAt }, today),
    emailBooking: b.emailBooking,
    emailBookingChange: b.emailBookingChange,
    emailCancellation: b.emailCancellation,
    userBooking: b.userBooking,
    userBookingChange: b.userBookingChange,
    userCancellation: b.userCancellation,
    cancelledBy: b.cancelledBy,
    cancelledAt: b.cancelledAt?.toISOString() ?? null,
    createdAt: b.createdAt.toISOString(),
  };
}

export async function listBookings(
  ctx: AppContext,
  actor: Actor,
  q: ListQuery & { company?: string; module?: string; locale?: string },
  lang: Language,
  timeZone: string,
) {
  // Only the platform admin reads other companies' bookings; a foreign company id answers notFound.
  const scope =
    q.company !== undefined
      ? assertCompanyAccess(actor, q.company)
      : isPlatformAdmin(actor)
        ? ('all' as const)
        : actor.companyId;
  const { rows, total } = await repo.listBookings(ctx.db, scope, q);
  const today = todayIn(timeZone);
  return list(
    rows.map((r) => toBookingDto(r, localeOf(q.locale ?? lang), today)),
    total,
  );
}

/** A booking the actor may see: own company's, or any company's for the platform admin. */
async function loadBooking(db: DbOrTx, actor: Actor, id: string) {
  const owner = isPlatformAdmin(actor) ? await repo.companyOfBooking(db, id) : actor.companyId;
  if (!owner) throw new AppError('notFound');
  const companyId = assertCompanyAccess(actor, owner);
  return { companyId, row: notFoundUnless(await repo.findBooking(db, companyId, id)) };
}

/** A booking that may still change; an expired one answers `bookingExpired`. */
async function loadRunningBooking(db: DbOrTx, actor: Actor, id: string, timeZone: string) {
  const { companyId, row } = await loadBooking(db, actor, id);
  const today = todayIn(timeZone);
  if (
    bookingState({ endDate: row.booking.endDate, cancelledAt: row.booking.cancelledAt }, today) === 'expired'
  )
    throw new AppError('bookingExpired');
  return { companyId, row, today };
}

export async function getBooking(
  ctx: AppContext,
  actor: Actor,
  id: string,
  lang: Language,
  timeZone: string,
) {
  const { row } = await loadBooking(ctx.db, actor, id);
  return toBookingDto(row, lang, todayIn(timeZone));
}

/** The mail's address: a user of the booked company, or an address typed in (seed 002 §5: required). */
async function recipient(
  db: DbOrTx,
  companyId: CompanyId,
  userId: string | null | undefined,
  email: string | null | undefined,
): Promise<{ userId: string | null; email: string }> {
  if (userId) {
    const user = notFoundUnless(await repo.findRecipient(db, companyId, userId));
    return { userId: user.id, email: email ?? user.email };
  }
  if (email) return { userId: null, email };
  throw new AppError('bookingRecipientMissing');
}

async function queueBookingMail(
  ctx: AppContext,
  tx: DbOrTx,
  kind: BookingMailKind,
  companyId: CompanyId,
  to: string,
  booking: { tariff: repo.TariffRow; beginDate: string; endDate: string | null },
) {
  const company = notFoundUnless(await repo.companyForBooking(tx, companyId));
  const lang = localeOf(company.communicationLanguage);
  const t = bookingMail(kind, lang, {
    company: company.name,
    tariff: nameIn(booking.tariff, lang).name,
    module: booking.tariff.module,
    beginDate: booking.beginDate,
    endDate: booking.endDate,
  });
  await ctx.mailer.queue({ to, ...t, html: toHtml(t.text), companyId }, tx);
}

function assertDates(beginDate: string, endDate: string | null) {
  if (endDate !== null && endDate < beginDate) throw new AppError('invalidDateRange');
}

export async function createBooking(
  ctx: AppContext,
  actor: Actor,
  body: BookingBody,
  lang: Language,
  timeZone: string,
): Promise<TariffBooking> {
  const companyId = assertCompanyAccess(actor, body.company);
  notFoundUnless(await repo.companyForBooking(ctx.db, companyId));
  const tariff = notFoundUnless(await repo.findTariff(ctx.db, body.tariff));
  const to = await recipient(ctx.db, companyId, body.userBooking, body.emailBooking);
  const endDate = bookingEnd(kindOf(tariff), body.beginDate, body.endDate);
  assertDates(body.beginDate, endDate);
  const id = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertBooking(tx, {
      companyId,
      tariffId: tariff.id,
      beginDate: body.beginDate,
      endDate,
      minimumTerm: body.minimumTerm ?? null,
      minimumBaseYear: body.minimumBaseYear ?? null,
      maximumReportYear: body.maximumReportYear ?? null,
      period: body.period ?? tariff.billingPeriod ?? null,
      emailBooking: to.email,
      userBooking: to.userId,
    });
    await queueBookingMail(ctx, tx, 'booking', companyId, to.email, {
      tariff,
      beginDate: body.beginDate,
      endDate,
    });
    await refreshTaxStatus(tx, companyId, todayIn(timeZone));
    return row.id;
  });
  return getBooking(ctx, actor, id, lang, timeZone);
}

export async function updateBooking(
  ctx: AppContext,
  actor: Actor,
  id: string,
  patch: BookingPatch,
  lang: Language,
  timeZone: string,
): Promise<TariffBooking> {
  const { companyId, row, today } = await loadRunningBooking(ctx.db, actor, id, timeZone);
  const tariff = patch.tariff ? notFoundUnless(await repo.findTariff(ctx.db, patch.tariff)) : row.tariff;
  const to = await recipient(ctx.db, companyId, patch.userBookingChange, patch.emailBookingChange);
  const beginDate = patch.beginDate ?? row.booking.beginDate;
  const endDate = bookingEnd(
    kindOf(tariff),
    beginDate,
    patch.endDate === undefined ? row.booking.endDate : patch.endDate,
  );
  assertDates(beginDate, endDate);
  await ctx.db.transaction(async (tx) => {
    await repo.updateBooking(tx, companyId, id, {
      tariffId: tariff.id,
      beginDate,
      endDate,
      ...(patch.minimumTerm !== undefined ? { minimumTerm: patch.minimumTerm } : {}),
      ...(patch.minimumBaseYear !== undefined ? { minimumBaseYear: patch.minimumBaseYear } : {}),
      ...(patch.maximumReportYear !== undefined ? { maximumReportYear: patch.maximumReportYear } : {}),
      ...(patch.period !== undefined ? { period: patch.period } : {}),
      emailBookingChange: to.email,
      userBookingChange: to.userId,
    });
    await queueBookingMail(ctx, tx, 'change', companyId, to.email, { tariff, beginDate, endDate });
    await refreshTaxStatus(tx, companyId, today);
  });
  return getBooking(ctx, actor, id, lang, timeZone);
}

export async function cancelBooking(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: CancelBody,
  lang: Language,
  timeZone: string,
): Promise<TariffBooking> {
  const { companyId, row, today } = await loadRunningBooking(ctx.db, actor, id, timeZone);
  assertDates(row.booking.beginDate, body.endDate);
  const to = await recipient(ctx.db, companyId, body.userCancellation, body.emailCancellation);
  await ctx.db.transaction(async (tx) => {
    await repo.updateBooking(tx, companyId, id, {
      endDate: body.endDate,
      emailCancellation: to.email,
      userCancellation: to.userId,
      cancelledBy: actor.userId,
      cancelledAt: new Date(),
    });
    await queueBookingMail(ctx, tx, 'cancellation', companyId, to.email, {
      tariff: row.tariff,
      beginDate: row.booking.beginDate,
      endDate: body.endDate,
    });
    await refreshTaxStatus(tx, companyId, today);
  });
  return getBooking(ctx, actor, id, lang, timeZone);
}

/** Running bookings of a company (begun, not ended; a cancelled one runs to its end). */
async function runningBookings(db: DbOrTx, companyId: CompanyId, today: string, module?: ModuleCode) {
  const rows = await repo.bookingsOfCompany(db, companyId, module);
  return rows.filter((r) => isRunning(r.booking, today));
}

export async function activeTariffs(ctx: AppContext, actor: Actor, locale: Language, timeZone: string) {
  const today = todayIn(timeZone);
  const rows = await runningBookings(ctx.db, actor.companyId, today);
  const items: ActiveTariff[] = rows.map(({ booking: b, tariff }) => ({
    id: b.id,
    tariffId: tariff.id,
    name: nameIn(tariff, locale).name,
    type: tariff.type as TariffType,
    module: tariff.module as ModuleCode,
    isFreeOfCharge: tariff.isFreeOfCharge,
    beginDate: b.beginDate,
    endDate: b.endDate,
    state: bookingState({ endDate: b.endDate, cancelledAt: b.cancelledAt }, today),
  }));
  return list(items, items.length);
}

/** Seed 002 §5: the earliest base year and the latest report year come from the running bookings. */
export async function baseYears(ctx: AppContext, actor: Actor, timeZone: string) {
  const rows = await runningBookings(ctx.db, actor.companyId, todayIn(timeZone));
  const bases = rows.map((r) => r.booking.minimumBaseYear).filter((y) => y !== null);
  const reports = rows.map((r) => r.booking.maximumReportYear).filter((y) => y !== null);
  return {
    minimumBaseYear: bases.length ? Math.min(...bases) : null,
    maximumReportYear: reports.length ? Math.max(...reports) : null,
  };
}

async function taxStatusFor(db: DbOrTx, companyId: CompanyId, today: string): Promise<TaxStatus> {
  const rows = await repo.bookingsOfCompany(db, companyId, 'tax');
  return taxStatusOf(
    rows.map(({ booking: b, tariff }) => ({
      beginDate: b.beginDate,
      endDate: b.endDate,
      type: tariff.type as TariffType,
      isFreeOfCharge: tariff.isFreeOfCharge,
    })),
    today,
  );
}

/** Derives the taxonomy state from the bookings (taxStatusOf, the one rule) and keeps it on the company. */
async function refreshTaxStatus(db: DbOrTx, companyId: CompanyId, today: string): Promise<TaxStatus> {
  const status = await taxStatusFor(db, companyId, today);
  await repo.storeTaxStatus(db, companyId, status.taxType, status.taxDemoEnd);
  return status;
}

export async function taxDemoBookingDate(ctx: AppContext, actor: Actor, id: string, timeZone: string) {
  const companyId = assertCompanyAccess(actor, id);
  notFoundUnless(await repo.companyForBooking(ctx.db, companyId));
  return refreshTaxStatus(ctx.db, companyId, todayIn(timeZone));
}

/**
 * Seed 002 §4: booking a demo gives DEMO when the company may book one (the default tax tariff, no
 * demo yet): a booking of the time-limited free tax tariff for 14 days. Otherwise the answer is
 * EXPIRED and nothing is booked; a company on a paid tax tariff keeps its state.
 */
export async function bookTaxDemo(
  ctx: AppContext,
  actor: Actor,
  id: string,
  timeZone: string,
): Promise<TaxStatus> {
  const companyId = assertCompanyAccess(actor, id);
  notFoundUnless(await repo.companyForBooking(ctx.db, companyId));
  const today = todayIn(timeZone);
  const status = await taxStatusFor(ctx.db, companyId, today);
  if (status.taxType === null || status.taxType === 'DEMO') return status;
  if (!status.canBookDemo) return { taxType: 'EXPIRED', taxDemoEnd: status.taxDemoEnd, canBookDemo: false };
  const tariff = await repo.findTariffBy(ctx.db, 'tax', 'limited', true);
  if (!tariff) throw new AppError('taxDemoUnavailable');
  return ctx.db.transaction(async (tx) => {
    const endDate = addDays(today, TRIAL_DAYS);
    await repo.insertBooking(tx, {
      companyId,
      tariffId: tariff.id,
      beginDate: today,
      endDate,
      emailBooking: actor.email,
      userBooking: actor.userId,
    });
    await queueBookingMail(ctx, tx, 'booking', companyId, actor.email, { tariff, beginDate: today, endDate });
    return refreshTaxStatus(tx, companyId, today);
  });
}

// What other modules ask of the bookings (exported through index.ts).

export type ModuleBooking = { module: ModuleCode; state: 'booked' | 'trial'; trialEnd: string | null };

/**
 * The company's modules and, per module, whether it is booked or in a trial until `trialEnd`: the
 * modules with a running booking and those they include (a CSRD booking runs VSME, issue 40). A
 * company without any booking row keeps its stored `companies.modules` (companies made before
 * bookings existed, the platform company), so only companies with bookings are ruled by them
 * (docs/glossary.md).
 */
/** A company's bookings as /users/me reads them on every page load, kept per process (auth-cache.ts). */
const bookingCache = perChannel<Awaited<ReturnType<typeof repo.bookingsOfCompany>>>();

export async function moduleAccess(
  ctx: Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'authChannel'>>,
  companyId: CompanyId,
  today: string = todayIn(),
  /** The company's stored modules when the caller has read them already (the session check has). */
  storedModules?: readonly string[],
): Promise<{ modules: ModuleCode[]; bookings: ModuleBooking[] }> {
  const read = () => repo.bookingsOfCompany(ctx.db, companyId);
  const cache = bookingCache(ctx.authChannel ?? null);
  const rows = cache
    ? await cache.through(companyId, read, () => [authKey.company(companyId)])
    : await read();
  if (rows.length === 0) {
    const stored = storedModules ?? (await repo.storedModules(ctx.db, companyId));
    return { modules: withIncludedModules(MODULES.filter((m) => stored.includes(m))), bookings: [] };
  }
  const bookings: ModuleBooking[] = [];
  for (const module of MODULES) {
    const running = rows.filter((r) => r.tariff.module === module && isRunning(r.booking, today));
    if (!running.length) continue;
    // A paid booking beside a trial rules: the module is booked, no countdown.
    const trials = running.filter((r) => isTrialTariff(kindOf(r.tariff)));
    if (trials.length === running.length) {
      const ends = trials.map((r) => r.booking.endDate ?? '').sort();
      bookings.push({ module, state: 'trial', trialEnd: ends[ends.length - 1] || null });
    } else bookings.push({ module, state: 'booked', trialEnd: null });
  }
  const all = withIncludedBookings(bookings);
  return { modules: all.map((b) => b.module), bookings: all };
}

/**
 * The bookings with the modules they include (INCLUDED_MODULES: a CSRD booking runs VSME). An
 * included module takes its host's state unless booked better itself: booked beats a trial, and of
 * two trials the later end counts.
 */
export function withIncludedBookings(bookings: readonly ModuleBooking[]): ModuleBooking[] {
  const byModule = new Map(bookings.map((b) => [b.module, b]));
  for (const host of bookings)
    for (const module of INCLUDED_MODULES[host.module] ?? []) {
      const own = byModule.get(module);
      const better =
        !own ||
        (own.state === 'trial' && host.state === 'booked') ||
        (own.state === 'trial' && host.state === 'trial' && (host.trialEnd ?? '') > (own.trialEnd ?? ''));
      if (better) byModule.set(module, { ...host, module });
    }
  return MODULES.filter((m) => byModule.has(m)).map((m) => byModule.get(m) as ModuleBooking);
}

/** The company's booked modules (moduleAccess). */
export async function bookedModules(
  ctx: Pick<AppContext, 'db'>,
  companyId: CompanyId,
  today: string = todayIn(),
): Promise<ModuleCode[]> {
  return (await moduleAccess(ctx, companyId, today)).modules;
}

/** The tariff a module's usage is priced with (fields in cents; names by locale). */
export type BookedTariff = {
  bookingId: string;
  beginDate: string;
  endDate: string | null;
  tariff: PricingTariff & {
    id: string;
    type: TariffType;
    businessUnitsLimit: number | null;
    name: Record<Language, string>;
  };
};

/** The running booking of a module (the latest begun when several run), or null. */
export async function activeBooking(
  ctx: Pick<AppContext, 'db'>,
  companyId: CompanyId,
  module: ModuleCode,
  today: string = todayIn(),
): Promise<BookedTariff | null> {
  const running = await runningBookings(ctx.db, companyId, today, module);
  const last = running[running.length - 1];
  if (!last) return null;
  const { booking: b, tariff: t } = last;
  return {
    bookingId: b.id,
    beginDate: b.beginDate,
    endDate: b.endDate,
    tariff: {
      id: t.id,
      type: t.type as TariffType,
      isFreeOfCharge: t.isFreeOfCharge,
      basicFeeCents: t.basicFeeCents,
      billingPeriod: (t.billingPeriod as BillingPeriod | null) ?? null,
      costPerUploadCents: t.costPerUploadCents,
      staticCostPerShipmentCents: t.staticCostPerShipmentCents,
      minCostPerShipmentCents: t.minCostPerShipmentCents,
      maxCostPerShipmentCents: t.maxCostPerShipmentCents,
      regressionFactor: t.regressionFactor,
      freeNumberOfShipments: t.freeNumberOfShipments,
      businessUnitsLimit: t.businessUnitsLimit,
      name: { de: nameIn(t, 'de').name, en: nameIn(t, 'en').name },
    },
  };
}

/**
 * Seed 002 §5: the CFC tariff's businessUnitsLimit caps a company's business units. Called before
 * a business unit is created with the number the company has; no limit without one on the tariff.
 */
export async function assertBusinessUnitAllowed(
  ctx: Pick<AppContext, 'db'>,
  companyId: CompanyId,
  currentCount: number,
  today: string = todayIn(),
): Promise<void> {
  const booking = await activeBooking(ctx, companyId, 'cfc', today);
  const limit = booking?.tariff.businessUnitsLimit ?? null;
  if (limit !== null && currentCount >= limit) throw new AppError('businessUnitLimitReached', { limit });
}
