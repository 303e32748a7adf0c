/**
 * The demo company's carbon footprint: base year last year, the business unit "Zentrale Hamburg"
 * (Germany) with this year's report holding the worked example's entries (diesel company cars,
 * electricity with a green power contract, flights Frankfurt–London, commercial waste) and a
 * natural gas heating, and a group giving the demo user and read-only login every unit.
 */
import type { CfcEntryData } from '@klimadesk/contract';
import type { DbOrTx } from '../../platform/db/index.ts';
import { userGroupMembers, userGroups } from '../../platform/db/schema.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { activitiesByDatasetKey, seedBuiltinFactors } from '../emission-db/index.ts';
import * as repo from './cfc.repository.ts';
import { computeEntry, entryData } from './cfc.entries.ts';

/** Built-in activities of the worked example by their data set key (emission-db.datasets.ts). */
export const CFC_ACTIVITY_KEYS = {
  diesel: 'desnz:Fuels|Liquid fuels|Diesel (average biofuel blend)||',
  grid: 'grid:location-based',
  flightShortHaulEconomy: 'desnz:Business travel- air|Flights|Short-haul, to/from UK|Economy class|With RF',
  commercialWasteLandfill: 'desnz:Waste disposal|Refuse|Commercial and industrial waste||Landfill',
} as const;

type DemoEntry = { section: string; key: string; data: Partial<CfcEntryData> };

/**
 * The entries of the worked example (apps/api/test/cfc.ts computes their figures by hand): the
 * demo report holds them, and the CFC tests enter them through the API.
 */
export const WORKED_EXAMPLE_ENTRIES = {
  diesel: {
    section: 'mobile-combustion',
    key: CFC_ACTIVITY_KEYS.diesel,
    data: {
      amount: 10_000,
      unit: 'l',
      fuel: 'Diesel',
      vehicles: 8,
      dataSource: 'Tankkarten',
      dataQuality: 1,
    },
  },
  electricity: {
    section: 'purchased-electricity',
    key: CFC_ACTIVITY_KEYS.grid,
    data: {
      amount: 250_000,
      unit: 'kWh',
      emissionFactor: 0.05,
      emissionFactorName: 'Ökostromvertrag Stadtwerke',
      dataSource: 'Stromrechnung',
      dataQuality: 1,
    },
  },
  flights: {
    section: 'business-travel-flights',
    key: CFC_ACTIVITY_KEYS.flightShortHaulEconomy,
    data: {
      amount: 654,
      unit: 'pkm',
      passengers: 120,
      travelClass: 'economy',
      flightType: 'short-haul',
      dataSource: 'Reisekostenabrechnung',
      dataQuality: 2,
      note: 'Frankfurt–London',
    },
  },
  waste: {
    section: 'waste-solid',
    key: CFC_ACTIVITY_KEYS.commercialWasteLandfill,
    data: {
      amount: 50,
      unit: 't',
      wasteGroup: 'Gewerbeabfall',
      wasteType: 'Gemischter Gewerbeabfall',
      treatment: 'landfill',
      dataSource: 'Entsorgernachweis',
      dataQuality: 3,
    },
  },
} satisfies Record<string, DemoEntry>;

const DEMO_ENTRIES: DemoEntry[] = [
  {
    section: 'stationary-combustion',
    key: 'desnz:Fuels|Gaseous fuels|Natural gas||',
    data: { amount: 180_000, unit: 'kWh-gross', fuel: 'Erdgas', dataSource: 'Gasrechnung', dataQuality: 1 },
  },
  ...Object.values(WORKED_EXAMPLE_ENTRIES),
];

export async function seedDemoCfc(
  db: DbOrTx,
  companyId: CompanyId,
  year: number,
  members: string[],
): Promise<void> {
  // The demo is made before the first request: the built-in factors may not be loaded yet.
  await seedBuiltinFactors(db);
  const activities = await activitiesByDatasetKey(
    db,
    DEMO_ENTRIES.map((e) => e.key),
  );
  await db.transaction(async (tx) => {
    await repo.saveSettings(tx, companyId, { baseYear: year - 1 });
    const unit = await repo.insertUnit(tx, companyId, {
      name: 'Zentrale Hamburg',
      urlId: 'zentrale-hamburg',
      companyName: 'Demo Logistik GmbH',
      description: 'Verwaltung, Lager und Fuhrpark',
      city: 'Hamburg',
      country: 'DE',
    });
    const report = (await repo.insertReport(tx, companyId, unit.id, year)) as repo.ReportRow;
    for (const e of DEMO_ENTRIES) {
      const data = entryData({ ...e.data, activity: activities.get(e.key) ?? null });
      const figures = await computeEntry({ db: tx }, companyId, year, unit.country, e.section, data);
      await repo.insertEntry(tx, companyId, { reportId: report.id, section: e.section, ...figures });
    }
    const [group] = await tx
      .insert(userGroups)
      .values({ companyId, name: 'Unternehmens-CO2-Bilanz', activeModules: ['cfc'] })
      .returning({ id: userGroups.id });
    if (members.length)
      await tx
        .insert(userGroupMembers)
        .values(members.map((userId) => ({ companyId, groupId: group.id, userId })));
    await repo.insertRights(tx, companyId, group.id, [
      { businessUnitId: null, reportId: null, rights: ['read', 'write'] },
    ]);
  });
}
