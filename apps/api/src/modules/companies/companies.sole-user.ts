import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { deleteSoleUser } from '../users/index.ts';
import { markCompanyDeleted } from './companies.service.ts';

/**
 * The sole user of a company deletes the account and the company together (seed 000 §6). The users
 * module checks and ends the user and runs the company's soft delete in the same transaction, so
 * users need not import this module.
 */
export const deleteUserAndCompany = (ctx: AppContext, actor: Actor, userId: string) =>
  deleteSoleUser(ctx, actor, userId, markCompanyDeleted);
