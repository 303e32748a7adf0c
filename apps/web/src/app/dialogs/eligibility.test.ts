import { describe, expect, it } from 'vitest';
import type { Role } from '@klimadesk/contract/platform/roles';
import { canUnlock, moduleNotBooked } from './eligibility.ts';
import { rootTarget } from '../layout/nav.ts';

const company = (
  over: Partial<{
    isBasic: boolean;
    unlocked: boolean;
    modules: ('cft' | 'cfc' | 'tax' | 'csrd' | 'vsme')[];
  }> = {},
) => ({
  id: '00000000-0000-4000-8000-000000000000',
  name: 'X',
  isBasic: true,
  unlocked: false,
  modules: ['cft' as const],
  ...over,
});

describe('unlock wizard eligibility (seed 002 §4)', () => {
  it('is offered to admins of basic companies that are not unlocked', () => {
    expect(canUnlock({ roles: ['ROLE_COMPANY_ADMIN'], company: company() })).toBe(true);
    expect(canUnlock({ roles: ['ROLE_CFT_ADMIN'], company: company() })).toBe(true);
    expect(canUnlock({ roles: ['ROLE_COMPANY_ADMIN'], company: company({ unlocked: true }) })).toBe(false);
    expect(canUnlock({ roles: ['ROLE_COMPANY_ADMIN'], company: company({ isBasic: false }) })).toBe(false);
  });

  it('is not offered to read-only freight users', () => {
    expect(canUnlock({ roles: ['ROLE_CFT_READ_ONLY'] as Role[], company: company() })).toBe(false);
    expect(canUnlock({ roles: ['ROLE_CFT_READ_ONLY_EXTERNAL'] as Role[], company: company() })).toBe(false);
  });
});

describe('forced logout when a module is not booked', () => {
  it('triggers when the user has module roles but none of them is booked', () => {
    expect(
      moduleNotBooked({ roles: ['ROLE_TAX_USER'], modules: [], company: company({ modules: ['cft'] }) }),
    ).toBe(true);
    expect(moduleNotBooked({ roles: ['ROLE_CFT_USER'], modules: ['cft'], company: company() })).toBe(false);
    expect(moduleNotBooked({ roles: ['ROLE_COMPANY_ADMIN'], modules: [], company: company() })).toBe(false);
    // The platform admin may select every module, yet a role of theirs in an unbooked module still shows the notice.
    const everyModule = ['cft', 'cfc', 'tax', 'csrd'] as const;
    expect(
      moduleNotBooked({
        roles: ['ROLE_SMP_ADMIN', 'ROLE_CSRD_USER'],
        modules: [...everyModule],
        company: company({ modules: ['cft'] }),
      }),
    ).toBe(true);
  });

  it('counts a CSRD role as VSME where only VSME runs, and a VSME role alone where it does (issue 40)', () => {
    const vsmeOnly = company({ modules: ['vsme'] });
    expect(moduleNotBooked({ roles: ['ROLE_CSRD_USER'], modules: ['vsme'], company: vsmeOnly })).toBe(false);
    expect(moduleNotBooked({ roles: ['ROLE_VSME_USER'], modules: ['vsme'], company: vsmeOnly })).toBe(false);
    expect(moduleNotBooked({ roles: ['ROLE_VSME_USER'], modules: [], company: company() })).toBe(true);
  });
});

describe('root redirect', () => {
  it('follows the server home when the screen exists, otherwise the first allowed screen', () => {
    expect(rootTarget('/companymanagement/users', ['/companymanagement/users'])).toBe(
      '/companymanagement/users',
    );
    expect(
      rootTarget('/dashboard/shipment', ['/dashboard/shipment', '/log/protocol', '/profile/profile']),
    ).toBe('/dashboard/shipment');
    expect(
      rootTarget('/dashboard/tour', ['/dashboard/tour', '/fleetmanagement/vehicles', '/profile/profile']),
    ).toBe('/dashboard/tour');
    // Read-only users of basic companies start on the basic order area (seed 000 §2).
    expect(rootTarget('/basic/orders', ['/basic/orders', '/dashboard/tour', '/profile/profile'])).toBe(
      '/basic/orders',
    );
    // A home that is no sidebar screen falls back to the first allowed one.
    expect(rootTarget('/basic/orders/new', ['/basic/orders', '/profile/profile'])).toBe('/basic/orders');
  });
});
