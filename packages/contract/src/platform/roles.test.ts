import { describe, expect, it } from 'vitest';
import {
  MODULES,
  type Role,
  chooseModule,
  expandRoles,
  grantableRoles,
  mayImpersonate,
  userModules,
  withIncludedModules,
} from './roles.ts';
import { computeRoutes } from './web-routes.ts';

const SMP: Role[] = ['ROLE_SMP_ADMIN'];
const PROVIDER_CFC = ['/cfc/smp-admin', '/cfc/customers', '/cfc/invoice-report', '/cfc/tariffs'];

describe('the module rule', () => {
  it('offers a company user the booked modules they hold a role of', () => {
    expect(userModules(['ROLE_CFT_USER', 'ROLE_CFC_READ_ONLY'], ['cft', 'cfc', 'tax'])).toEqual([
      'cft',
      'cfc',
    ]);
    expect(userModules(['ROLE_CFT_USER', 'ROLE_CFC_READ_ONLY'], ['cft'])).toEqual(['cft']);
    expect(userModules(['ROLE_COMPANY_ADMIN'], ['cft', 'cfc'])).toEqual([]);
  });

  it('lets the platform admin select every module, whatever the own company books', () => {
    expect(userModules(SMP, [])).toEqual([...MODULES]);
    expect(userModules([...SMP, 'ROLE_CSRD_USER'], ['cft'])).toEqual([...MODULES]);
  });

  it('chooses the only module, else taxonomy; the platform admin starts in the own roles, else the freight tool', () => {
    expect(chooseModule(['cfc'])).toBe('cfc');
    expect(chooseModule(['cft', 'cfc', 'tax'])).toBe('tax');
    expect(chooseModule(['cft', 'cfc'], 'cfc')).toBe('cfc');
    expect(chooseModule(['cft', 'cfc'], 'csrd')).toBe('cft');
    expect(chooseModule([...MODULES], null, SMP)).toBe('cft');
    expect(chooseModule([...MODULES], null, [...SMP, 'ROLE_CSRD_USER'])).toBe('csrd');
    expect(chooseModule([...MODULES], 'cfc', SMP)).toBe('cfc');
  });
});

describe('the platform admin route list', () => {
  const smp = (selectedModule?: (typeof MODULES)[number]) =>
    computeRoutes({ roles: SMP, isBasic: false, companyModules: [], selectedModule });

  it('opens the provider routes under /cfc once the carbon footprint is selected', () => {
    const cfc = smp('cfc');
    expect(cfc.module).toBe('cfc');
    expect(cfc.routes).toEqual(
      expect.arrayContaining([...PROVIDER_CFC, '/smp-admin', '/smp-admin/customers']),
    );
    // Their module routes are the provider's: the module home is for the module's users.
    expect(cfc.routes).not.toContain('/cfc/home');
    expect(cfc.home).toBe('/smp-admin/customers');
  });

  it('keeps the freight tool by default, without /cfc routes, and the admin home at /smp-admin/customers', () => {
    const plain = smp();
    expect(plain.module).toBe('cft');
    expect(plain.modules).toEqual([...MODULES]);
    expect(plain.routes.filter((r) => r.startsWith('/cfc/'))).toEqual([]);
    expect(plain.routes).toContain('/smp-admin');
    expect(plain.home).toBe('/smp-admin/customers');
    expect(smp('tax').home).toBe('/smp-admin/customers');
  });

  it('gives no one else the provider routes or the admin home', () => {
    const admin = computeRoutes({
      roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFC_ADMIN'],
      isBasic: false,
      companyModules: ['cfc'],
      selectedModule: 'cfc',
    });
    expect(admin.routes).toContain('/cfc/home');
    expect(admin.routes.filter((r) => PROVIDER_CFC.includes(r) || r.startsWith('/smp-admin'))).toEqual([]);
    expect(admin.home).toBe('/cfc/home');
  });

  it('sends a user of freight and carbon footprint to each module home', () => {
    const ctx = {
      roles: ['ROLE_CFT_USER', 'ROLE_CFC_USER'] as Role[],
      isBasic: false,
      companyModules: ['cft', 'cfc'] as const,
    };
    expect(
      computeRoutes({ ...ctx, companyModules: [...ctx.companyModules], selectedModule: 'cfc' }).home,
    ).toBe('/cfc/home');
    expect(
      computeRoutes({ ...ctx, companyModules: [...ctx.companyModules], selectedModule: 'cft' }).home,
    ).toBe('/dashboard/shipment');
  });
});

describe('who may act as whom (issue 32)', () => {
  const freightAdmin: Role[] = ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN'];
  it('lets a company admin act only as users of the own company whose roles it could grant', () => {
    expect(mayImpersonate(freightAdmin, ['ROLE_CFT_USER'], true)).toBe(true);
    expect(mayImpersonate(freightAdmin, ['ROLE_TAX_ADMIN'], true)).toBe(false);
    expect(mayImpersonate(freightAdmin, ['ROLE_CFT_USER', 'ROLE_TAX_READ_ONLY'], true)).toBe(false);
    expect(mayImpersonate(freightAdmin, ['ROLE_CFT_USER'], false)).toBe(false);
    expect(mayImpersonate(freightAdmin, SMP, true)).toBe(false);
  });
  it('needs an admin role at all: a module admin alone may not act as anyone', () => {
    expect(mayImpersonate(['ROLE_CFT_ADMIN'], ['ROLE_CFT_USER'], true)).toBe(false);
    expect(mayImpersonate(['ROLE_CFT_READ_ONLY'], ['ROLE_CFT_READ_ONLY'], true)).toBe(false);
  });
  it('lets the platform admin act as anyone', () => {
    expect(mayImpersonate(SMP, ['ROLE_COMPANY_ADMIN', 'ROLE_TAX_ADMIN'], false)).toBe(true);
  });
});

describe('VSME, bookable alone and included in CSRD (issue 40)', () => {
  it('offers VSME alone where only VSME is booked, and none of the CSRD screens', () => {
    expect(userModules(['ROLE_VSME_USER'], ['vsme'])).toEqual(['vsme']);
    const vsme = computeRoutes({ roles: ['ROLE_VSME_USER'], isBasic: false, companyModules: ['vsme'] });
    expect(vsme.module).toBe('vsme');
    expect(vsme.home).toBe('/vsme-report/overview');
    expect(vsme.routes).toEqual(expect.arrayContaining(['/vsme-report/overview', '/vsme-report/{id}']));
    expect(vsme.routes.filter((r) => r.startsWith('/csrd') || r.startsWith('/materiality'))).toEqual([]);
  });

  it('keeps VSME inside CSRD for a CSRD user: one module, its screens beside the CSRD ones', () => {
    expect(userModules(['ROLE_CSRD_READ_ONLY'], ['csrd'])).toEqual(['csrd']);
    const csrd = computeRoutes({ roles: ['ROLE_CSRD_READ_ONLY'], isBasic: false, companyModules: ['csrd'] });
    expect(csrd.module).toBe('csrd');
    expect(csrd.routes).toEqual(expect.arrayContaining(['/csrd/home', '/vsme-report/overview']));
  });

  it('gives a CSRD role the VSME role of its level, and no VSME role anything of CSRD', () => {
    expect([...expandRoles(['ROLE_CSRD_USER'])]).toEqual(
      expect.arrayContaining(['ROLE_VSME_USER', 'ROLE_VSME_READ_ONLY']),
    );
    expect(expandRoles(['ROLE_CSRD_READ_ONLY']).has('ROLE_VSME_USER')).toBe(false);
    expect([...expandRoles(['ROLE_VSME_ADMIN'])].filter((r) => r.includes('CSRD'))).toEqual([]);
    // A CSRD role where only VSME runs still works in VSME.
    expect(userModules(['ROLE_CSRD_USER'], ['vsme'])).toEqual(['vsme']);
    expect(withIncludedModules(['cft', 'csrd'])).toEqual(['cft', 'csrd', 'vsme']);
  });

  it('lets the CSRD admin grant the VSME roles, and the VSME admin only those', () => {
    expect(grantableRoles(['ROLE_CSRD_ADMIN'])).toEqual(
      expect.arrayContaining(['ROLE_VSME_ADMIN', 'ROLE_VSME_USER', 'ROLE_VSME_READ_ONLY']),
    );
    expect(grantableRoles(['ROLE_VSME_ADMIN'])).toEqual([
      'ROLE_VSME_ADMIN',
      'ROLE_VSME_USER',
      'ROLE_VSME_READ_ONLY',
    ]);
  });
});
