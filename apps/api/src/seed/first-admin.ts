import { and, asc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { MODULES } from '@klimadesk/contract';
import { type DbOrTx, schema } from '../platform/db/index.ts';
import { assertAllowedPassword, hashPassword } from '../platform/auth/passwords.ts';
import { insertCompany } from '../modules/companies/index.ts';
import { findActiveByEmail, insertUser } from '../modules/users/index.ts';
import { SAMPLE_COMPANY_ID } from '../modules/tours/index.ts';

/** The first platform administrator holds every company's keys: a longer password than users need. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** A refusal the command prints as it is (no stack trace). */
export class FirstAdminError extends Error {}

export type FirstAdminInput = {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  /** The platform company's name when none exists yet. */
  companyName?: string;
};

/**
 * Creates a platform administrator (`npm run create-admin`, issue 32): the way to the first
 * administrator of a production installation, which has no demo logins. The user joins the
 * platform company, which is created when there is none besides the sample company.
 */
export async function createPlatformAdmin(
  db: DbOrTx,
  input: FirstAdminInput,
): Promise<{ userId: string; companyId: string; companyCreated: boolean }> {
  const email = input.email.trim();
  if (!z.email().safeParse(email).success) throw new FirstAdminError(`not an e-mail address: ${email}`);
  if (input.password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    throw new FirstAdminError(`the password needs at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`);
  }
  try {
    assertAllowedPassword(input.password);
  } catch {
    throw new FirstAdminError('the password is on the list of the most common passwords');
  }
  if (await findActiveByEmail(db, email))
    throw new FirstAdminError(`a user with the address ${email} exists`);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [platform] = await tx
      .select({ id: schema.companies.id })
      .from(schema.companies)
      .where(and(eq(schema.companies.isPlatform, true), ne(schema.companies.id, SAMPLE_COMPANY_ID)))
      .orderBy(asc(schema.companies.createdAt))
      .limit(1);
    const companyId =
      platform?.id ??
      (
        await insertCompany(tx, {
          name: input.companyName?.trim() || 'Klimadesk',
          isPlatform: true,
          isBasic: false,
          unlocked: true,
          modules: [...MODULES],
          initialModule: 'cft',
        })
      ).id;
    const user = await insertUser(tx, {
      companyId,
      email,
      passwordHash,
      firstName: input.firstName?.trim() || email.split('@')[0],
      lastName: input.lastName?.trim() ?? '',
      roles: ['ROLE_SMP_ADMIN'],
      isVerified: true,
    });
    return { userId: user.id, companyId, companyCreated: !platform };
  });
}
