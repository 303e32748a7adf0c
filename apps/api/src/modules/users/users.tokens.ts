import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { newToken } from '../../platform/auth/tokens.ts';
import { toHtml } from '../../platform/mail-templates.ts';
import { type TokenInsert, insertToken } from './users.repository.ts';

/** A mail carrying a token link: the address, the app path the token is appended to, the text. */
export type TokenMail = {
  to: string;
  path: string;
  write: (link: string) => { subject: string; text: string };
};

/**
 * Stores a one-time token of a user (its hash only; the link holds the token itself) and queues
 * the mail with the link, both in the caller's transaction.
 */
export async function mailTokenLink(
  ctx: AppContext,
  tx: DbOrTx,
  values: Omit<TokenInsert, 'tokenHash'>,
  mail: TokenMail,
): Promise<void> {
  const { token, hash } = newToken();
  await insertToken(tx, { ...values, tokenHash: hash });
  const t = mail.write(`${ctx.config.appUrl}${mail.path}${encodeURIComponent(token)}`);
  await ctx.mailer.queue({ to: mail.to, ...t, html: toHtml(t.text), companyId: values.companyId }, tx);
}
