import { eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { type Logger, consoleLogger } from './log.ts';
import { type Db, type DbOrTx, schema } from './db/index.ts';
import type { JobQueue } from './jobs.ts';

export type Mail = { to: string; subject: string; text: string; html?: string; companyId?: string | null };

export const MAIL_QUEUE = 'mail.send';

/** smtp://user:pass@host:port (smtps:// for TLS); `?ignoreTLS=true` for a plain local relay. */
export function transportFromUrl(url: string): Transporter {
  const u = new URL(url);
  return nodemailer.createTransport({
    host: u.hostname,
    port: Number(u.port || (u.protocol === 'smtps:' ? 465 : 587)),
    secure: u.protocol === 'smtps:',
    ignoreTLS: u.searchParams.get('ignoreTLS') === 'true',
    auth: u.username
      ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
      : undefined,
  });
}

/**
 * Every mail is written to the outbox first (inside the caller's transaction) and sent by a job,
 * so a failing SMTP server never fails the request and nothing is lost.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly db: Db;
  private readonly jobs: JobQueue;
  private readonly from: string;
  private readonly log: Logger;

  constructor(db: Db, jobs: JobQueue, from: string, smtpUrl: string | null, log: Logger = consoleLogger) {
    this.db = db;
    this.jobs = jobs;
    this.from = from;
    this.log = log;
    this.transport = smtpUrl ? transportFromUrl(smtpUrl) : null;
    jobs.register(MAIL_QUEUE, async (payload) => this.deliver(String(payload.outboxId)));
  }

  async queue(mail: Mail, tx: DbOrTx = this.db): Promise<string> {
    const [row] = await tx
      .insert(schema.outboxMails)
      .values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        companyId: mail.companyId ?? null,
      })
      .returning({ id: schema.outboxMails.id });
    await this.jobs.enqueue(MAIL_QUEUE, { outboxId: row.id }, { companyId: mail.companyId ?? null }, tx);
    return row.id;
  }

  private async deliver(outboxId: string): Promise<Record<string, unknown>> {
    const [mail] = await this.db.select().from(schema.outboxMails).where(eq(schema.outboxMails.id, outboxId));
    if (!mail || mail.status === 'sent') return { skipped: true };
    if (!this.transport) {
      this.log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        'e-mail kept in the outbox (no SMTP_URL)',
      );
      await this.db
        .update(schema.outboxMails)
        .set({ status: 'logged', sentAt: sql`now()` })
        .where(eq(schema.outboxMails.id, outboxId));
      return { logged: true };
    }
    try {
      const info = await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
      });
      await this.db
        .update(schema.outboxMails)
        .set({ status: 'sent', sentAt: sql`now()`, error: null })
        .where(eq(schema.outboxMails.id, outboxId));
      return { messageId: info.messageId };
    } catch (err) {
      await this.db
        .update(schema.outboxMails)
        .set({ status: 'failed', error: err instanceof Error ? err.message : String(err) })
        .where(eq(schema.outboxMails.id, outboxId));
      throw err;
    }
  }
}
