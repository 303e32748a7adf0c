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
 *
 * Taken over once (Corporate Standard ch. 3 and 4: consolidated emissions count each source once):
 * a year's tours and orders go to one business unit's report, or are split between units by shares
 * summing to at most 100 %; a unit that would take more than is free is told where it went.
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
import { basicTourSums } from '../orders/index.ts';
import { type TourSums, tourSumsByFleet } from '../tours/index.ts';
import { reportFor } from './cfc.access.ts';
import { openSection } from './cfc.import.ts';
import * as repo from './cfc.repository.ts';
import {
  type FreightTakeover,
  freightEntries,
  freightTakeovers,
  ownFuelEntryCount,
} from './cfc.results.repository.ts';
import { computeEntry, entryData, gwpSetOf } from './cfc.entries.ts';
import { texts } from '@klimadesk/contract/messages';

const UPSTREAM = 'upstream-transport';
const TRANSPORT = [UPSTREAM, 'downstream-transport'];

const NAMES: Record<CfcFreightKind, Record<Language, string>> = {
  ownFleetTtw: texts('cfc.freight.ownFleetTtw'),
  ownFleetWtt: texts('cfc.freight.ownFleetWtt'),
  subcontractedTours: texts('cfc.freight.subcontractedTours'),
  orders: texts('cfc.freight.orders'),
};
const FACTOR_NAME: Record<Language, string> = texts('cfc.freight.klimadeskFreightCalculationGLECFramework');
const WHAT: Record<'tours' | 'orders', Record<Language, string>> = {
  tours: texts('cfc.freight.tours'),
  orders: texts('cfc.freight.orders2'),
};

/** Sums of a group of tours or orders, kg CO2e, tkm and km (orders carry no km). */
type FreightSums = TourSums;
type Offer = { kind: CfcFreightKind; section: string; sections: string[]; sums: FreightSums; figure: number };

/** The year's freight figures as offers; groups without tours or orders are left out. */
async function offers(ctx: AppContext, actor: Actor, year: number, timeZone: string): Promise<Offer[]> {
  const from = zonedDayStart(`${year}-01-01`, timeZone);
  const to = zonedDayStart(`${year + 1}-01-01`, timeZone);
  const [t, orders] = await Promise.all([
    tourSumsByFleet(ctx.db, actor.companyId, from, to),
    basicTourSums(ctx.db, actor.companyId, `${year}-01-01`, `${year}-12-31`),
  ]);
  const o: FreightSums = { ...orders, km: 0 };
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

/** Percent still free of a kind for a report: 100 less what other units' reports of the year took. */
function shareState(all: readonly FreightTakeover[], kind: string, reportId: string) {
  const others = all.filter((x) => x.kind === kind && x.reportId !== reportId);
  const available = Math.max(0, 100 - others.reduce((n, x) => n + x.share, 0));
  const own = all.find((x) => x.kind === kind && x.reportId === reportId);
  return { others, available, own };
}

const OWN_FLEET: readonly CfcFreightKind[] = ['ownFleetTtw', 'ownFleetWtt'];

/** `GET /api/cfc/reports/{id}/freight-suggestions`: read access to the report. */
export async function freightSuggestions(
  ctx: AppContext,
  actor: Actor,
  reportId: string,
  lang: Language,
  timeZone: string,
): Promise<CfcFreightSuggestions> {
  const { report } = await reportFor(ctx, actor, reportId);
  const [list, taken, all, ownFuel] = await Promise.all([
    offers(ctx, actor, report.year, timeZone),
    freightEntries(ctx.db, actor.companyId, report.id),
    freightTakeovers(ctx.db, actor.companyId, report.year),
    ownFuelEntryCount(ctx.db, actor.companyId, report.id),
  ]);
  return {
    report: report.id,
    year: report.year,
    suggestions: list.map((x) => {
      const state = shareState(all, x.kind, report.id);
      return {
        kind: x.kind,
        section: x.section,
        sections: x.sections,
        name: NAMES[x.kind][lang],
        count: x.sums.count,
        co2eKg: x.figure,
        tkm: x.sums.tkm,
        entry: taken.find((e) => e.originId === x.kind)?.id ?? null,
        share: state.own?.share ?? state.available,
        available: state.available,
        takenBy: state.others.map((o) => ({
          businessUnit: o.businessUnit,
          report: o.reportId,
          share: o.share,
        })),
        overlappingFuelEntries: OWN_FLEET.includes(x.kind) ? ownFuel : 0,
        link: linkOf(x.kind, report.year),
      };
    }),
  };
}

/**
 * The entry data of an offer: the tonne-kilometres (else kilometres, else the number of tours)
 * times the share taken, with the freight figure per unit as the entry's own factor, so the
 * entry's figure is the share of the freight tool's (amount × factor) and shows where it came from.
 */
function offerData(x: Offer, share: number, year: number, lang: Language): CfcEntryData {
  const [total, unit] =
    x.sums.tkm > 0 ? [x.sums.tkm, 'tkm'] : x.sums.km > 0 ? [x.sums.km, 'km'] : [x.sums.count, 'piece'];
  const what = WHAT[x.kind === 'orders' ? 'orders' : 'tours'][lang];
  const part = share < 100 ? ` · ${formatNumber(share, lang, 2)} %` : '';
  return {
    amount: (total * share) / 100,
    unit: unit as CfcEntryData['unit'],
    emissionFactor: x.figure / total,
    emissionFactorName: FACTOR_NAME[lang],
    dataSource: `Klimadesk: ${formatNumber(x.sums.count, lang, 0)} ${what} ${year}${part}`,
    // Computed from distances and loads by the freight engine (seed 001 §3: 2 medium, calculated).
    dataQuality: 2,
    note: NAMES[x.kind][lang],
  };
}

type ApplyBody = z.output<typeof cfcResultsSchemas.cfcFreightApplyBody>;

/** The share a report takes of a freight group: the one asked, else its own or what is left; refused past what is left. */
function shareToTake(
  all: FreightTakeover[],
  w: { kind: CfcFreightKind; share: number | undefined },
  reportId: string,
  lang: Language,
): number {
  const state = shareState(all, w.kind, reportId);
  const share = w.share ?? state.own?.share ?? state.available;
  if (state.available <= 0 || share > state.available + 1e-9)
    throw new AppError('cfcFreightTakenOver', {
      kind: w.kind,
      available: formatNumber(state.available, lang, 2),
      units: state.others
        .map((o) => `${o.businessUnit.name} (${formatNumber(o.share, lang, 2)} %)`)
        .join(', '),
    });
  return share;
}

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
    share: number | undefined;
    offer: Offer;
    existing: { id: string } | undefined;
  }[] = [];
  for (const item of body.items) {
    const offer = list.find((x) => x.kind === item.kind);
    if (!offer) throw new AppError('notFound', { kind: item.kind });
    const section = item.section ?? offer.section;
    if (!offer.sections.includes(section)) throw new AppError('cfcSectionNotAvailable', { section });
    await openSection(ctx, actor.companyId, section);
    writes.push({
      kind: offer.kind,
      section,
      share: item.share,
      offer,
      existing: taken.find((e) => e.originId === offer.kind),
    });
  }
  return ctx.db.transaction(async (tx) => {
    // The shares are checked in the transaction that writes them, so two units cannot both take all.
    const all = await freightTakeovers(tx, actor.companyId, report.year);
    let created = 0;
    let updated = 0;
    for (const w of writes) {
      const share = shareToTake(all, w, report.id, lang);
      const data = entryData(offerData(w.offer, share, report.year, lang));
      const figures = await computeEntry(
        { db: tx },
        actor.companyId,
        report.year,
        report.unit.country,
        w.section,
        data,
        { gwpSet: gwpSetOf(report.gwpSet) ?? 'AR5' },
      );
      const origin = {
        originKind: 'freight',
        originId: w.kind,
        originLabel: NAMES[w.kind][lang],
        originShare: share,
      };
      if (w.existing) {
        await repo.updateEntry(tx, actor.companyId, w.existing.id, {
          section: w.section,
          ...figures,
          ...origin,
        });
        updated++;
      } else {
        await repo.insertEntry(tx, actor.companyId, {
          reportId: report.id,
          section: w.section,
          ...figures,
          ...origin,
        });
        created++;
      }
    }
    return { created, updated };
  });
}
