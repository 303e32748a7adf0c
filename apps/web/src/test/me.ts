import type { Answer } from '../app/client.ts';
import { fixture } from './fixtures.ts';

type Me = Answer<'me'>;

/**
 * A signed-in user as the `me` route answers, complete per the contract, for screens that read
 * roles, edition and grantable roles; checked through the route's response schema.
 */
export function meFixture(
  overrides: Partial<Omit<Me, 'company'>> & { company?: Partial<Me['company']> } = {},
): Me {
  const { company, ...rest } = overrides;
  return fixture('me', {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'admin@demo-pro.local',
    salutation: null,
    title: null,
    firstName: 'Ada',
    lastName: 'Admin',
    name: 'Ada Admin',
    initials: 'AA',
    phone1: null,
    telefax: null,
    department: null,
    position: null,
    licenceNr: null,
    street: null,
    zipcode: null,
    city: null,
    country: null,
    roles: ['ROLE_CFT_USER'],
    status: 1,
    isVerified: true,
    introShown: true,
    releaseNotesShown: null,
    lastLogin: null,
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T08:00:00.000Z',
    companyId: '00000000-0000-4000-8000-000000000002',
    companyName: 'Demo',
    groupId: null,
    userPreference: {
      language: 'de',
      emailNotificationDelay: 'immediately',
      isEmailNotificationEnabled: false,
      csrdLastCsrdScopeName: null,
      csrdLastReportId: null,
      csrdLastMaScopeName: null,
      csrdLastMaId: null,
    },
    routes: [],
    module: 'cft',
    modules: ['cft'],
    home: '/dashboard/shipment',
    grantableRoles: [],
    impersonator: null,
    sessionConfig: {},
    ...rest,
    company: {
      id: '00000000-0000-4000-8000-000000000002',
      name: 'Demo',
      isBasic: false,
      unlocked: true,
      modules: ['cft'],
      ...company,
    },
  });
}
