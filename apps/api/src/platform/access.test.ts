import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { type Actor, assertCompanyAccess, checkAccess, isReadOnlyUser } from './access.ts';
import { asCompanyId } from './tenant.ts';

const actor = (roles: Actor['roles'], companyId = 'c1'): Actor => ({
  sessionId: 's',
  userId: 'u',
  companyId: asCompanyId(companyId),
  email: 'x@y.de',
  roles,
  impersonator: null,
  company: { isBasic: false, modules: ['cft'], isPlatform: false },
});

const code = (fn: () => void) => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return (e as AppError).key;
  }
};

describe('checkAccess', () => {
  it('refuses anonymous callers on non-public routes', () => {
    expect(code(() => checkAccess(null, 'session', false))).toBe('sessionInvalid');
    expect(code(() => checkAccess(null, 'public', false))).toBe('ok');
  });
  it('refuses every write of a read-only user', () => {
    expect(code(() => checkAccess(actor(['ROLE_CFT_READ_ONLY']), 'session', true))).toBe('readOnly');
    expect(code(() => checkAccess(actor(['ROLE_CFT_READ_ONLY']), ['ROLE_CFT_READ_ONLY'], true))).toBe(
      'readOnly',
    );
    expect(code(() => checkAccess(actor(['ROLE_CFT_READ_ONLY']), ['ROLE_CFT_READ_ONLY'], false))).toBe('ok');
  });
  it('applies the role hierarchy', () => {
    expect(code(() => checkAccess(actor(['ROLE_CFT_ADMIN']), ['ROLE_CFT_READ_ONLY'], true))).toBe('ok');
    expect(code(() => checkAccess(actor(['ROLE_CFT_USER']), ['ROLE_CFT_ADMIN'], true))).toBe('noRights');
  });
  it('treats a company admin with read-only module roles as a writer', () => {
    expect(isReadOnlyUser(['ROLE_COMPANY_ADMIN', 'ROLE_CFT_READ_ONLY'])).toBe(false);
    expect(isReadOnlyUser(['ROLE_CFT_READ_ONLY_EXTERNAL', 'ROLE_TAX_READ_ONLY'])).toBe(true);
  });
});

describe('assertCompanyAccess', () => {
  it('hides other companies as not found, except for the platform admin', () => {
    expect(code(() => assertCompanyAccess(actor(['ROLE_COMPANY_ADMIN']), 'c2'))).toBe('notFound');
    expect(code(() => assertCompanyAccess(actor(['ROLE_COMPANY_ADMIN']), 'c1'))).toBe('ok');
    expect(code(() => assertCompanyAccess(actor(['ROLE_SMP_ADMIN']), 'c2'))).toBe('ok');
    // The id that passed is the one answered, so callers act on exactly that company.
    expect(assertCompanyAccess(actor(['ROLE_SMP_ADMIN']), 'c2')).toBe('c2');
    expect(assertCompanyAccess(actor(['ROLE_COMPANY_ADMIN']), 'c1')).toBe('c1');
  });
});
