import { z } from 'zod';
import {
  EMAIL_NOTIFICATION_DELAYS,
  EMAIL_NOTIFICATION_DELAY_MS,
  LANGUAGES,
  type Language,
  type TaskEvent,
} from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { toHtml } from '../../platform/mail-templates.ts';
import { type SweepDefinition, defineJob } from '../../platform/modules.ts';
import { type CompanyId, asCompanyId } from '../../platform/tenant.ts';
import { taskMail } from './tasks.mail.ts';
import * as repo from './tasks.repository.ts';

export const TASK_MAIL_QUEUE = 'tasks.notificationMail';

/** What the task e-mails read of a user's preferences; unset ones take the users module's defaults. */
const mailPreference = z.object({
  language: z.enum(LANGUAGES).catch('de'),
  emailNotificationDelay: z.enum(EMAIL_NOTIFICATION_DELAYS).catch('immediately'),
  isEmailNotificationEnabled: z.boolean().catch(true),
});

export function mailPreferenceOf(raw: Record<string, unknown>) {
  return mailPreference.parse(raw);
}

/** The moment the user's waiting events are mailed: their chosen interval after the oldest one. */
export function dueAt(oldest: Date, delay: keyof typeof EMAIL_NOTIFICATION_DELAY_MS): Date {
  return new Date(oldest.getTime() + EMAIL_NOTIFICATION_DELAY_MS[delay]);
}

/**
 * Records a task event for the user it concerns, unless that is the one who acted (they know).
 * The first waiting event of a user queues the mail job for its due time; later ones join it.
 */
export async function recordTaskEvent(
  ctx: AppContext,
  tx: DbOrTx,
  actor: { userId: string; companyId: CompanyId },
  userId: string | null,
  event: { taskId: string | null; event: TaskEvent; description: string },
): Promise<void> {
  if (!userId || userId === actor.userId) return;
  const companyId = actor.companyId;
  const waitingBefore = await repo.waitingNotifications(tx, companyId, userId);
  const row = await repo.insertNotification(tx, { companyId, userId, ...event });
  if (waitingBefore.length > 0) return;
  const who = await repo.recipient(tx, companyId, userId);
  if (!who) return;
  const pref = mailPreferenceOf(who.preference);
  await taskMailJob.enqueue(
    ctx.jobs,
    { userId },
    { companyId, runAt: dueAt(row.createdAt, pref.emailNotificationDelay) },
    tx,
  );
}

export type DeliveryResult = { sent: number; dropped: number; dueAt: Date | null };

/**
 * Mails one user's waiting task events as ONE e-mail once their interval has passed since the
 * oldest (seed 002 §3, §9). Events of a user who turned the e-mails off, or whose account is
 * deleted, are marked sent without a mail. `now` is the job's clock.
 */
export async function deliverTaskMails(
  ctx: AppContext,
  companyId: CompanyId,
  userId: string,
  now: Date,
): Promise<DeliveryResult> {
  return ctx.db.transaction(async (tx) => {
    const waiting = await repo.waitingNotifications(tx, companyId, userId, { lock: true });
    if (waiting.length === 0) return { sent: 0, dropped: 0, dueAt: null };
    const ids = waiting.map((w) => w.id);
    const who = await repo.recipient(tx, companyId, userId);
    const pref = mailPreferenceOf(who?.preference ?? {});
    if (!who || who.isDeleted || !pref.isEmailNotificationEnabled) {
      await repo.markSent(tx, companyId, ids, now);
      return { sent: 0, dropped: waiting.length, dueAt: null };
    }
    const due = dueAt(waiting[0].createdAt, pref.emailNotificationDelay);
    if (due.getTime() > now.getTime()) return { sent: 0, dropped: 0, dueAt: due };
    const mail = taskMail(pref.language as Language, {
      name: who.firstName,
      link: `${ctx.config.appUrl}/companymanagement/tasks`,
      events: waiting.map((w) => ({ event: w.event as TaskEvent, description: w.description })),
    });
    await ctx.mailer.queue({ to: who.email, ...mail, html: toHtml(mail.text), companyId }, tx);
    await repo.markSent(tx, companyId, ids, now);
    return { sent: waiting.length, dropped: 0, dueAt: null };
  });
}

/**
 * Mails a user's waiting task events when they are due. The clock is the checkpoint `clock`'s to
 * move in tests (`JobQueue.onCheckpoint`); not yet due (the user chose a longer interval since),
 * the job comes back at the due time.
 */
export const taskMailJob = defineJob({
  queue: TASK_MAIL_QUEUE,
  payload: z.object({ userId: z.uuid() }),
  handler: async (ctx, payload, job) => {
    // The queue row carries the company of the user; the events are read within it.
    if (!job.job.companyId) return;
    const companyId = asCompanyId(job.job.companyId);
    let now = new Date();
    await job.checkpoint('clock', (at: Date) => {
      now = at;
    });
    const result = await deliverTaskMails(ctx, companyId, payload.userId, now);
    if (result.dueAt) await taskMailJob.enqueue(ctx.jobs, payload, { companyId, runAt: result.dueAt });
    return { sent: result.sent, dropped: result.dropped };
  },
});

/**
 * Mails every due batch, so a batch whose job was lost, or whose user shortened the interval
 * after the job was queued, goes out with the queue's next sweep.
 */
export const taskMailSweep: SweepDefinition = {
  name: TASK_MAIL_QUEUE,
  run: async (ctx) => {
    const now = new Date();
    for (const w of await repo.usersWithWaitingNotifications(ctx.db)) {
      // Each waiting row names its company; the delivery acts within it.
      await deliverTaskMails(ctx, asCompanyId(w.companyId), w.userId, now);
    }
  },
};
