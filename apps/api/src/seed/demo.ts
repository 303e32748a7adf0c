import { eq } from 'drizzle-orm';
import type { Role } from '@klimadesk/contract';
import type { AppContext } from '../platform/context.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { type DbOrTx, schema } from '../platform/db/index.ts';
import { insertCompany } from '../modules/companies/index.ts';
import { insertUser } from '../modules/users/index.ts';
import { seedDemoFleet } from '../modules/fleet/index.ts';
import { queueDemoTours } from './demo-tours.ts';
import { seedDemoBookings, seedTariffCatalogue, todayIn } from '../modules/tariffs/index.ts';
import { asCompanyId } from '../platform/tenant.ts';
import { seedDemoTaxonomy } from '../modules/taxonomy/index.ts';
import { seedDemoCfc } from '../modules/cfc/index.ts';
import { seedDemoCsrd } from '../modules/csrd/index.ts';
import { seedDemoVsme } from '../modules/vsme/index.ts';

export type DemoLogin = { email: string; roles: Role[]; company: string };

const MODULE_ROLES = (level: 'ADMIN' | 'USER' | 'READ_ONLY'): Role[] =>
  (['CFT', 'CFC', 'TAX', 'CSRD', 'VSME'] as const).map((m) => `ROLE_${m}_${level}` as Role);

export const DEMO_LOGINS: DemoLogin[] = [
  { email: 'platform-admin@demo.local', roles: ['ROLE_SMP_ADMIN'], company: 'Klimadesk Plattform' },
  {
    email: 'admin@demo-pro.local',
    roles: ['ROLE_COMPANY_ADMIN', ...MODULE_ROLES('ADMIN')],
    company: 'Demo Logistik GmbH',
  },
  { email: 'user@demo-pro.local', roles: MODULE_ROLES('USER'), company: 'Demo Logistik GmbH' },
  { email: 'readonly@demo-pro.local', roles: MODULE_ROLES('READ_ONLY'), company: 'Demo Logistik GmbH' },
  { email: 'external@demo-pro.local', roles: ['ROLE_CFT_READ_ONLY_EXTERNAL'], company: 'Demo Logistik GmbH' },
  {
    email: 'admin@demo-basic.local',
    roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'],
    company: 'Demo Basis GmbH',
  },
  {
    email: 'admin@demo-trial.local',
    roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN', 'ROLE_CFC_ADMIN'],
    company: 'Demo Trial GmbH',
  },
];

const COMPANIES = [
  {
    name: 'Klimadesk Plattform',
    street: 'Friedrichstraße 100',
    zipcode: '10117',
    city: 'Berlin',
    country: 'DE',
    isPlatform: true,
    isBasic: false,
    unlocked: true,
    modules: ['cft', 'cfc', 'tax', 'csrd'],
  },
  {
    name: 'Demo Logistik GmbH',
    street: 'Hafenstraße 12',
    zipcode: '20457',
    city: 'Hamburg',
    country: 'DE',
    isBasic: false,
    unlocked: true,
    isPayingCustomer: true,
    modules: ['cft', 'cfc', 'tax', 'csrd'],
  },
  {
    name: 'Demo Basis GmbH',
    street: 'Industriestraße 5',
    zipcode: '70565',
    city: 'Stuttgart',
    country: 'DE',
    isBasic: true,
    unlocked: false,
    modules: ['cft'],
    // The partner variant (seed 000 §2): its users see the import log of orders pushed by API key.
    partnerVariant: true,
  },
  {
    // Freight basic and the carbon footprint in its 14-day trial: the top bar counts the days down.
    name: 'Demo Trial GmbH',
    street: 'Am Markt 3',
    zipcode: '04109',
    city: 'Leipzig',
    country: 'DE',
    isBasic: true,
    unlocked: false,
    modules: ['cft', 'cfc'],
  },
];

const NAMES: Record<string, [string, string]> = {
  'platform-admin@demo.local': ['Paula', 'Plattform'],
  'admin@demo-pro.local': ['Anna', 'Admin'],
  'user@demo-pro.local': ['Uwe', 'Nutzer'],
  'readonly@demo-pro.local': ['Lena', 'Leser'],
  'external@demo-pro.local': ['Erik', 'Extern'],
  'admin@demo-basic.local': ['Bernd', 'Basis'],
  'admin@demo-trial.local': ['Tina', 'Test'],
};

/** The external login sees the carrier dashboard of the shippers its group allows. */
async function seedExternalGroup(tx: DbOrTx, companyId: string, userId: string): Promise<void> {
  const [group] = await tx
    .insert(schema.userGroups)
    .values({
      companyId,
      name: 'Kunden Nordfrost & Weser',
      activeModules: ['cft'],
      rights: DEMO_GROUP_RIGHTS,
    })
    .returning({ id: schema.userGroups.id });
  await tx.insert(schema.userGroupMembers).values({ companyId, groupId: group.id, userId });
}

/** Creates the demo companies and logins once; a second start finds them and does nothing. */
export async function seedDemo(ctx: AppContext, password: string): Promise<{ created: boolean }> {
  const [existing] = await ctx.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, DEMO_LOGINS[0].email));
  if (existing) return { created: false };
  const passwordHash = await hashPassword(password);
  const userIds = new Map<string, string>();
  const companyIds = new Map<string, string>();
  await ctx.db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (const c of COMPANIES) {
      const row = await insertCompany(tx, { ...c, initialModule: 'cft', communicationLanguage: 'de' });
      ids.set(c.name, row.id);
    }
    for (const login of DEMO_LOGINS) {
      const [firstName, lastName] = NAMES[login.email];
      const user = await insertUser(tx, {
        companyId: ids.get(login.company) as string,
        email: login.email,
        passwordHash,
        firstName,
        lastName,
        salutation: 'mx',
        roles: login.roles,
        isVerified: true,
        // The intro tour and release notes would cover every screen of a demo; start without them.
        introShown: false,
        preference: { language: 'de' },
      });
      userIds.set(login.email, user.id);
    }
    for (const [name, id] of ids) companyIds.set(name, id);
    const pro = ids.get('Demo Logistik GmbH') as string;
    await seedBookings(tx, ids);
    await seedExternalGroup(tx, pro, userIds.get('external@demo-pro.local') as string);
    await seedDemoFleet(tx, asCompanyId(pro));
    // The taxonomy: a financial year of this year with three assessed activities.
    await seedDemoTaxonomy(tx, asCompanyId(pro), new Date().getFullYear());
    // CSRD: a materiality analysis with four IRO entries and this year's report made from it.
    await seedDemoCsrd(tx, asCompanyId(pro), new Date().getFullYear());
  });
  // The carbon footprint: "Zentrale Hamburg" with this year's report; user and read-only in its group.
  await seedDemoCfc(
    ctx.db,
    asCompanyId(companyIds.get('Demo Logistik GmbH') as string),
    new Date().getFullYear(),
    ['user@demo-pro.local', 'readonly@demo-pro.local'].map((e) => userIds.get(e) as string),
  );
  // VSME: this year's report; its B3 figures are read from the footprint just seeded.
  await seedDemoVsme(
    ctx.db,
    asCompanyId(companyIds.get('Demo Logistik GmbH') as string),
    new Date().getFullYear(),
  );
  // Tours and shipments go through the import pipeline like any upload, so their figures are
  // computed by the same code the user's own data gets.
  const login = DEMO_LOGINS.find((l) => l.email === 'user@demo-pro.local') as DemoLogin;
  await queueDemoTours(ctx, {
    sessionId: 'demo-seed',
    userId: userIds.get(login.email) as string,
    companyId: asCompanyId(companyIds.get(login.company) as string),
    email: login.email,
    roles: login.roles,
    impersonator: null,
    company: { isBasic: false, modules: ['cft', 'cfc', 'tax', 'csrd'], isPlatform: false },
  });
  return { created: true };
}

/**
 * The tariff catalogue and the bookings that give each demo company the modules it had before
 * bookings existed: the professional company every module, the basic company freight basic, the
 * trial company freight basic and the carbon footprint in a trial that began today.
 */
async function seedBookings(tx: DbOrTx, ids: Map<string, string>): Promise<void> {
  const tariffIds = await seedTariffCatalogue(tx);
  const pro = asCompanyId(ids.get('Demo Logistik GmbH') as string);
  const basic = asCompanyId(ids.get('Demo Basis GmbH') as string);
  const trial = asCompanyId(ids.get('Demo Trial GmbH') as string);
  const year = new Date().getFullYear();
  await seedDemoBookings(
    tx,
    tariffIds,
    [
      { companyId: pro, tariff: 'cftProfessional', email: 'admin@demo-pro.local', beganDaysAgo: 365 },
      {
        companyId: pro,
        tariff: 'cfcProfessional',
        email: 'admin@demo-pro.local',
        beganDaysAgo: 365,
        minimumBaseYear: year - 5,
        maximumReportYear: year,
      },
      { companyId: pro, tariff: 'taxProfessional', email: 'admin@demo-pro.local', beganDaysAgo: 365 },
      { companyId: pro, tariff: 'csrdProfessional', email: 'admin@demo-pro.local', beganDaysAgo: 365 },
      { companyId: basic, tariff: 'cftBasic', email: 'admin@demo-basic.local', beganDaysAgo: 90 },
      { companyId: trial, tariff: 'cftBasic', email: 'admin@demo-trial.local', beganDaysAgo: 30 },
      {
        companyId: trial,
        tariff: 'cfcTrial',
        email: 'admin@demo-trial.local',
        beganDaysAgo: 0,
        minimumBaseYear: year - 1,
        maximumReportYear: year,
      },
    ],
    todayIn(),
  );
}

/** Shippers of the demo tours (demo-tours.ts) the external login may see. */
const DEMO_GROUP_RIGHTS = { cft: { shipperFilters: ['Nordfrost GmbH', 'Weser Getränke GmbH'] } };
