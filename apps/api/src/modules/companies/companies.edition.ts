import type { Actor } from '../../platform/access.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { CompanyId } from '../../platform/tenant.ts';
import { editionFieldsOf } from './companies.repository.ts';

/**
 * The editions of seed 000 §4 and §9, decided here only:
 * - basic: registered and not yet unlocked; sees sample data, writes no fleet, mappings or imports,
 *   exports nothing and gets no statements (`upgradeRequired`);
 * - trial: unlocked but not paying; imports are limited (`TRIAL_LIMITS`), exports are not offered;
 * - professional: every other company.
 */
export type Edition = 'basic' | 'trial' | 'professional';

/** The company columns the edition follows from. */
export type EditionFields = { isBasic: boolean; unlocked: boolean; isPayingCustomer: boolean };

/** Trial edition (seed 000 §9): import lists per company, shipments (tours in tour mappings) evaluated per upload. */
export const TRIAL_LIMITS = { importLists: 3, shipmentsPerUpload: 30 } as const;

export function editionOf(company: EditionFields): Edition {
  if (company.isBasic) return 'basic';
  return company.unlocked && !company.isPayingCustomer ? 'trial' : 'professional';
}

/** Whether the actor's company is in the basic edition (sample data, read-only professional screens). */
export function isBasicCompany(actor: Pick<Actor, 'company'>): boolean {
  return actor.company.isBasic;
}

/** Professional features (writes, imports, exports, statements): basic companies are asked to upgrade. */
export function assertUnlocked(actor: Pick<Actor, 'company'>): void {
  if (isBasicCompany(actor)) throw new AppError('upgradeRequired');
}

/** The edition of a stored company, or null when it does not exist. */
export async function editionOfCompany(db: DbOrTx, companyId: CompanyId): Promise<Edition | null> {
  const fields = await editionFieldsOf(db, companyId);
  return fields ? editionOf(fields) : null;
}

export async function isTrialCompany(db: DbOrTx, companyId: CompanyId): Promise<boolean> {
  return (await editionOfCompany(db, companyId)) === 'trial';
}

/** Only a basic company that was never unlocked can go through the unlock wizard. */
export function canUnlock(company: EditionFields): boolean {
  return editionOf(company) === 'basic' && !company.unlocked;
}

/** Column values of a newly registered company (registration starts in the basic edition). */
export const REGISTERED_EDITION = { isBasic: true } as const;

/** Column values the unlock wizard writes (seed 000 §4 "Unlock"). */
export function unlockedEdition(now: Date) {
  return { isBasic: false, unlocked: true, unlockedAt: now } as const;
}
