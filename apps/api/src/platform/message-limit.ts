import type { Actor } from './access.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';

/**
 * Mails written by users (support, company admins) per user and per IP and hour (issue 12 F9);
 * counted when allowed, so refused tries do not extend the block. The access and companies
 * modules both send such mails, so the limit lives here.
 */
export async function assertMessageAllowed(
  ctx: Pick<AppContext, 'limits' | 'messageLimiter'>,
  actor: Pick<Actor, 'userId'>,
  ip: string,
): Promise<void> {
  const max = ctx.limits.messagesPerUserPerHour;
  const user = `user:${actor.userId}`;
  const address = `ip:${ip}`;
  if ((await ctx.messageLimiter.blocked(user)) || (await ctx.messageLimiter.blocked(address, max * 3))) {
    throw new AppError('tooManyRequests');
  }
  await ctx.messageLimiter.hit(user);
  await ctx.messageLimiter.hit(address);
}
