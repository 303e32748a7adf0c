import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES, ROLES, type Role } from '@klimadesk/contract/platform/roles';
import { WEB_ROUTES, computeRoutes } from '@klimadesk/contract/platform/web-routes';
import { can } from './client.ts';
import { screenModuleOf } from './router.tsx';
import { SCREENS, isScreenAllowed, webRouteOf } from './screens.ts';
import { SCREEN_NAV, navOf, navScreens } from './layout/nav.ts';

const signedIn = SCREENS.filter((s) => s.access !== 'public');

describe('screen registry', () => {
  it('has one entry per path', () => {
    const paths = SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('finds every screen module in the chunks it is looked up in, exporting a component of its name', async () => {
    for (const screen of SCREENS) {
      const { module, load } = await screenModuleOf(screen);
      expect(load, module).toBeTypeOf('function');
      const name = module.slice(module.lastIndexOf('/') + 1);
      const source = readFileSync(resolve(process.cwd(), 'apps/web/src', `${module}.tsx`), 'utf8');
      expect(source, module).toMatch(new RegExp(`export function ${name}\\b`));
    }
  });

  it("names a first-load screen's module in the registry as in the module list", async () => {
    const { SCREEN_MODULES } = await import('./screenChunks.ts');
    for (const screen of SCREENS)
      if (screen.firstLoad) expect(SCREEN_MODULES[screen.path]).toBe(screen.firstLoad);
  });

  it('gives signed-in screens paths of the contract web route list, in the sidebar exactly when the list says so', () => {
    const byPath = new Map(WEB_ROUTES.map((r) => [r.path, r]));
    for (const screen of signedIn) {
      const route = byPath.get(webRouteOf(screen.path));
      expect(route, screen.path).toBeDefined();
      expect({ path: screen.path, nav: navOf(screen.path) !== undefined }).toEqual({
        path: screen.path,
        nav: route?.nav === true,
      });
    }
  });

  it('keys sidebar entries by the paths of signed-in screens only', () => {
    const signedInPaths = new Set<string>(signedIn.map((s) => s.path));
    expect(Object.keys(SCREEN_NAV).filter((path) => !signedInPaths.has(path))).toEqual([]);
    expect(navScreens()).toHaveLength(Object.keys(SCREEN_NAV).length);
  });

  it('never hides a screen by its route id when the web route list offers it (every role, every module)', () => {
    for (const role of ROLES) {
      for (const module of MODULES) {
        const me = { roles: [role] as Role[] };
        const { routes } = computeRoutes({
          roles: me.roles,
          isBasic: false,
          companyModules: MODULES,
          selectedModule: module,
        });
        for (const screen of signedIn) {
          if (screen.access === 'webRoute' || screen.access === 'public') continue;
          if (!routes.includes(webRouteOf(screen.path))) continue;
          expect({ role, path: screen.path, allowed: can(me, screen.access) }).toEqual({
            role,
            path: screen.path,
            allowed: true,
          });
        }
      }
    }
  });

  it('lets a user open a signed-in screen only with its web route and, if named, the route access', () => {
    const screen = (path: string) => SCREENS.find((s) => s.path === path)!;
    const admin = { roles: ['ROLE_SMP_ADMIN'] as Role[], routes: ['/smp-admin/users', '/shipments/{id}'] };
    expect(isScreenAllowed(admin, screen('/smp-admin/users'))).toBe(true);
    expect(isScreenAllowed(admin, screen('/shipments/$id'))).toBe(true);
    expect(isScreenAllowed(admin, screen('/shipments'))).toBe(false);
    // The path alone is not enough where the screen names its route.
    expect(isScreenAllowed({ ...admin, roles: ['ROLE_COMPANY_ADMIN'] }, screen('/smp-admin/users'))).toBe(
      false,
    );
    expect(isScreenAllowed({ roles: [], routes: [] }, screen('/login'))).toBe(true);
  });

  it('is where every link of the app leads (the router types links no longer)', () => {
    const src = resolve(process.cwd(), 'apps/web/src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
    );
    const targets = new Set<string>();
    for (const file of files) {
      const text = readFileSync(join(src, file), 'utf8');
      for (const m of text.matchAll(/\b(?:to|href)(?:="|: ')(\/[^"'?]*)/g)) targets.add(m[1]);
    }
    expect(targets.size).toBeGreaterThan(5);
    const paths = new Set(['/', ...SCREENS.map((s) => s.path)]);
    expect([...targets].filter((t) => !paths.has(t))).toEqual([]);
  });

  it('lists the sidebar in section order with the system screens among them', () => {
    expect(navScreens().map((s) => s.path)).toEqual([
      '/cfc/home',
      '/cfc/business-units/list',
      '/cfc/settings',
      '/cfc/company-settings',
      '/cfc/user-groups',
      '/cfc/tutorial',
      '/taxonofy/home',
      '/taxonofy/overview',
      '/taxonofy/financial-year',
      '/taxonofy/tags',
      '/taxonofy/info',
      '/taxonofy/tutorial',
      '/taxonofy/edit-criteria',
      '/taxonofy/edit-dnsh',
      '/taxonofy/edit-help',
      '/csrd/home',
      '/materiality/overview',
      '/csrd-report/overview',
      '/vsme-report/overview',
      '/smp-admin',
      '/cfc/smp-admin',
      '/basic/overview',
      '/basic/orders',
      '/basic/import-log',
      '/dashboard/shipment',
      '/dashboard/tour',
      '/shipments',
      '/tours',
      '/fleetmanagement/vehicles',
      '/fleetmanagement/trailer',
      '/system/import-tasks',
      '/system/tour-codes',
      '/system/mappings',
      '/system/tag-groups',
      '/system/export-jobs',
      '/system/connection',
      '/companymanagement/users',
      '/companymanagement/user-groups',
      '/companymanagement/tasks',
      '/invoicing/shipments',
      '/invoicing/pricecalculator',
      '/companymanagement/payment',
      '/smp-admin/invoice-report',
      '/cfc/invoice-report',
      '/companymanagement/company',
      '/log/protocol',
      '/smp-admin/customers',
      '/cfc/customers',
      '/smp-admin/tariffs',
      '/cfc/tariffs',
      '/invoicing/tariffs',
      '/cfc/tariff-bookings',
      '/smp-admin/users',
      '/smp-admin/release-list',
      '/cfc/releases',
      '/cfc/release-notes',
      '/smp-admin/edit-faq',
      '/smp-admin/edit-glossar',
      '/smp-admin/edit-errors',
      '/smp-admin/edit-tender-guide',
      '/smp-admin/edit-first-steps',
      '/smp-admin/edit-welcome',
      '/smp-admin/edit-tutorial',
      '/cfc/help-texts',
      '/smp-admin/outbox',
      '/emission-db',
      '/emission-db/activity-list',
      '/emission-db/customer-factor-list',
      '/emission-db/import-factors',
      '/emission-db/provider-access',
      '/emission-db/sources',
      '/profile/profile',
      '/help/first-steps',
      '/help/faq',
      '/help/glossar',
      '/help/errors',
      '/help/tender-guide',
      '/help/release-notes',
      '/help/contact',
      '/help/attribution',
    ]);
  });
});
