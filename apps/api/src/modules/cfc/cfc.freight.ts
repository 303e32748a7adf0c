/**
 * The freight tool's own results flow into the carbon footprint (issue 19): the company's tours
 * and orders of the report's year, offered as entries with their figures (GLEC Framework v3.1 /
 * ISO 14083, as the freight lists show them) and a link back to the list they come from.
 *
 * GHG Protocol Corporate Standard ch. 4 and Scope 3 Standard ch. 5: fuel burnt in the company's own
 * vehicles is scope 1 (the tank-to-wheel part of its own fleet's tours), the fuel's upstream part is
 * category 3.3 (well-to-tank), transport bought from others is category 4 upstream (or 9 downstream,
 * when the customer pays it) with its well-to-wheel figure. A tour runs on the own fleet when the
 * import matched its plate to a vehicle of the company's fleet.
 */
import {
  type CfcFreightKind,
  type CfcFreightSuggestion,
  type CfcFreightSuggestions,
  type CfcEntryData,
  type Language,
  cfcResultsSchemas,
  formatNumber,
} from '@klimadesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { zonedDayStart } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { reportFor } from './cfc.access.ts';
import { type FreightSums, orderSums, tourSums } from './cfc.freight.repository.ts';
import { openSection } from './cfc.import.ts';
import * as repo from './cfc.repository.ts';
import { freightEntries } from './cfc.results.repository.ts';
import { computeEntry, entryData } from './cfc.service.ts';

const UPSTREAM = 'upstream-transport';
const TRANSPORT = [UPSTREAM, 'downstream-transport'];

const NAMES: Record<CfcFreightKind, Record<Language, string>> = {
  ownFleetTtw: { de: 'Eigener Fuhrpark: Kraftstoff (TTW)', en: 'Own fleet: fuel (TTW)' },
  ownFleetWtt: {
    de: 'Eigener Fuhrpark: Vorkette des Kraftstoffs (WTT)',
    en: 'Own fleet: fuel upstream (WTT)',
  },
  subcontractedTours: {
    de: 'Touren mit fremden Fahrzeugen (WTW)',
    en: 'Tours on other carriers’ vehicles (WTW)',
  },
  orders: { de: 'Transportaufträge (WTW)', en: 'Transport orders (WTW)' },
};
const FACTOR_NAME: Record<Language, string> = {
  de: 'Klimadesk Frachtberechnung (GLEC Framework v3.1 / ISO 14083)',
  en: 'Klimadesk freight calculation (GLEC Framework v3.1 / ISO 14083)',
};
const WHAT: Record<'tours' | 'orders', Record<Language, string>> = {
  tours: { de: 'Touren', en: 'tours' },
  orders: { de: 'Aufträge', en: 'orders' },
};

type Offer = { kind: CfcFreightKind; section: string; sections: string[]; sums: FreightSums; figure: number };

/** The year's freight figures as offers; groups without tours or orders are left out. */
async function offers(ctx: AppContext, actor: Actor, year: number, timeZone: string): Promise<Offer[]> {
  const from = zonedDayStart(`${year}-01-01`, timeZone);
  const to = zonedDayStart(`${year + 1}-01-01`, timeZone);
  const [t, o] = await Promise.all([
    tourSums(ctx.db, actor.companyId, from, to),
    orderSums(ctx.db, actor.companyId, `${year}-01-01`, `${year}-12-31`),
  ]);
  const list: Offer[] = [
    {
      kind: 'ownFleetTtw',
      section: 'mobile-combustion',
      sections: ['mobile-combustion'],
      sums: t.own,
      figure: t.own.ttw,
    },
    {
      kind: 'ownFleetWtt',
      section: 'fuel-energy',
      sections: ['fuel-energy'],
      sums: t.own,
      figure: t.own.wtt,
    },
    {
      kind: 'subcontractedTours',
      section: UPSTREAM,
      sections: TRANSPORT,
      sums: t.other,
      figure: t.other.wtw,
    },
    { kind: 'orders', section: UPSTREAM, sections: TRANSPORT, sums: o, figure: o.wtw },
  ];
  return list.filter((x) => x.sums.count > 0);
}

function linkOf(kind: CfcFreightKind, year: number): CfcFreightSuggestion['link'] {
  if (kind === 'orders')
    return {
      path: '/basic/orders',
      query: { 'date[after]': `${year}-01-01`, 'date[before]': `${year}-12-31` },
    };
  return {
    path: '/tours',
    query: { 'departureDate[after]': `${year}-01-01`, 'departureDate[before]': `${year}-12-31` },
  };
}

/** `GET /api/cfc/reports/{id}/freight-suggestions`: read access to the report. */
export async function freightSuggestions(
  ctx: AppContext,
  actor: Actor,
  reportId: string,
  lang: Language,
  timeZone: string,
): Promise<CfcFreightSuggestions> {
  const { report } = await reportFor(ctx, actor, reportId);
  const [list, taken] = await Promise.all([
    offers(ctx, actor, report.year, timeZone),
    freightEntries(ctx.db, actor.companyId, report.id),
  ]);
  return {
    report: report.id,
    year: report.year,
    suggestions: list.map((x) => ({
      kind: x.kind,
      section: x.section,
      sections: x.sections,
      name: NAMES[x.kind][lang],
      count: x.sums.count,
      co2eKg: x.figure,
      tkm: x.sums.tkm,
      entry: taken.find((e) => e.originId === x.kind)?.id ?? null,
      link: linkOf(x.kind, report.year),
    })),
  };
}

/**
 * The entry data of an offer: the tonne-kilometres (else kilometres, else the number of tours)
 * with the freight figure per unit as the entry's own factor, so the entry's figure is the freight
 * tool's (amount × factor) and the entry shows where it came from.
 */
function offerData(x: Offer, year: number, lang: Language): CfcEntryData {
  const [amount, unit] =
    x.sums.tkm > 0 ? [x.sums.tkm, 'tkm'] : x.sums.km > 0 ? [x.sums.km, 'km'] : [x.sums.count, 'piece'];
  const what = WHAT[x.kind === 'orders' ? 'orders' : 'tours'][lang];
  return {
    amount,
    unit: unit as CfcEntryData['unit'],
    emissionFactor: x.figure / amount,
    emissionFactorName: FACTOR_NAME[lang],
    dataSource: `Klimadesk: ${formatNumber(x.sums.count, lang, 0)} ${what} ${year}`,
    // Computed from distances and loads by the freight engine (seed 001 §3: 2 medium, calculated).
    dataQuality: 2,
    note: NAMES[x.kind][lang],
  };
}

type ApplyBody = z.output<typeof cfcResultsSchemas.cfcFreightApplyBody>;

/** `POST …/freight-suggestions/apply`: write access; an offer taken before updates its entry. */
export async function applyFreightSuggestions(
  ctx: AppContext,
  actor: Actor,
  reportId: string,
  body: ApplyBody,
  lang: Language,
  timeZone: string,
): Promise<{ created: number; updated: number }> {
  const { report } = await reportFor(ctx, actor, reportId, { write: 'writeEntryNotAllowed' });
  const list = await offers(ctx, actor, report.year, timeZone);
  const taken = await freightEntries(ctx.db, actor.companyId, report.id);
  const writes: {
    kind: CfcFreightKind;
    section: string;
    figures: Awaited<ReturnType<typeof computeEntry>>;
    existing: { id: string } | undefined;
  }[] = [];
  for (const item of body.items) {
    const offer = list.find((x) => x.kind === item.kind);
    if (!offer) throw new AppError('notFound', { kind: item.kind });
    const section = item.section ?? offer.section;
    if (!offer.sections.includes(section)) throw new AppError('cfcSectionNotAvailable', { section });
    await openSection(ctx, actor.companyId, section);
    const data = entryData(offerData(offer, report.year, lang));
    const figures = await computeEntry(ctx, actor.companyId, report.year, report.unit.country, section, data);
    writes.push({
      kind: offer.kind,
      section,
      figures,
      existing: taken.find((e) => e.originId === offer.kind),
    });
  }
  return ctx.db.transaction(async (tx) => {
    let created = 0;
    let updated = 0;
    for (const w of writes) {
      const origin = { originKind: 'freight', originId: w.kind, originLabel: NAMES[w.kind][lang] };
      if (w.existing) {
        await repo.updateEntry(tx, actor.companyId, w.existing.id, {
          section: w.section,
          ...w.figures,
          ...origin,
        });
        updated++;
      } else {
        await repo.insertEntry(tx, actor.companyId, {
          reportId: report.id,
          section: w.section,
          ...w.figures,
          ...origin,
        });
        created++;
      }
    }
    return { created, updated };
  });
}
