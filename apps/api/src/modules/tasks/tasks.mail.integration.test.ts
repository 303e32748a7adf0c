import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../platform/db/index.ts';
import { asCompanyId } from '../../platform/tenant.ts';
import {
  type CompanyFixture,
  type TestApp,
  createCompanyFixture,
  createTestApp,
} from '../../../test/harness.ts';
import { type CapturedMail, mailText, startSmtp } from '../../../test/smtp.ts';
import { TASK_MAIL_QUEUE, deliverTaskMails } from './tasks.notifications.ts';
import { taskNotifications } from './tasks.schema.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let f: CompanyFixture;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  f = await createCompanyFixture(t.ctx, 'TaskMail');
  admin = await t.login(f.users.admin.email);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const MINUTE = 60_000;

async function setPreference(email: string, preference: Record<string, unknown>) {
  const token = await t.login(email);
  const res = await t.call({ method: 'PATCH', url: '/api/user-preferences', token, payload: preference });
  expect(res.statusCode).toBe(200);
}

const assign = async (description: string, assignee: string) => {
  const res = await t.call({
    method: 'POST',
    url: '/api/tasks',
    token: admin,
    payload: { description, assignee },
  });
  expect(res.statusCode).toBe(201);
};

/** The mail's text with its UTF-8 bytes read as such (mailText leaves them one character each). */
const bodyOf = (mail: CapturedMail) => Buffer.from(mailText(mail.raw), 'latin1').toString('utf8');

const mailsTo = (email: string): CapturedMail[] => smtp.mails.filter((m) => m.to.includes(email));

const queuedJobs = () =>
  t.ctx.db
    .select()
    .from(schema.jobs)
    .where(and(eq(schema.jobs.queue, TASK_MAIL_QUEUE), eq(schema.jobs.status, 'queued')));

/**
 * The queue's clock is the database's: a job is claimed once its run_at has passed. The test
 * moves both clocks: it brings the queued jobs forward and sets the job's own clock (its
 * `clock` checkpoint) to the given moment.
 */
async function runMailJobsAt(now: Date) {
  await t.ctx.db
    .update(schema.jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(and(eq(schema.jobs.queue, TASK_MAIL_QUEUE), eq(schema.jobs.status, 'queued')));
  t.ctx.jobs.onCheckpoint(TASK_MAIL_QUEUE, (name, setClock) => {
    if (name === 'clock') (setClock as (at: Date) => void)(now);
  });
  try {
    await t.ctx.jobs.drain();
  } finally {
    t.ctx.jobs.onCheckpoint(TASK_MAIL_QUEUE, null);
  }
}

describe('task e-mails', () => {
  it('mails two assignments with interval 5 minutes as ONE mail, only after 5 minutes', async () => {
    const user = f.users.user;
    await setPreference(user.email, { emailNotificationDelay: '5m', language: 'de' });
    await assign('Lieferantendaten anfordern', user.id);
    await assign('Tourdaten prüfen', user.id);

    const waiting = await t.ctx.db
      .select()
      .from(taskNotifications)
      .where(and(eq(taskNotifications.userId, user.id), isNull(taskNotifications.sentAt)))
      .orderBy(taskNotifications.createdAt);
    expect(waiting).toHaveLength(2);
    const oldest = waiting[0].createdAt.getTime();

    // One job for the batch, due 5 minutes after the oldest event.
    const jobs = await queuedJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0].runAt.getTime()).toBe(oldest + 5 * MINUTE);

    // Nothing is due yet: the queue claims nothing, no mail goes out.
    await t.ctx.jobs.drain();
    expect(mailsTo(user.email)).toHaveLength(0);

    // One second before the 5 minutes are up the job finds the batch not yet due and comes back then.
    await runMailJobsAt(new Date(oldest + 5 * MINUTE - 1000));
    expect(mailsTo(user.email)).toHaveLength(0);
    const again = await queuedJobs();
    expect(again).toHaveLength(1);
    expect(again[0].runAt.getTime()).toBe(oldest + 5 * MINUTE);

    // At 5 minutes: one mail with both tasks, in German; the events are marked sent.
    await runMailJobsAt(new Date(oldest + 5 * MINUTE));
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const text = bodyOf(mails[0]);
    expect(text).toContain('Lieferantendaten anfordern');
    expect(text).toContain('Tourdaten prüfen');
    expect(text).toContain('Neu zugewiesen');
    expect(text).toContain('http://localhost:3000/companymanagement/tasks');
    const left = await t.ctx.db
      .select()
      .from(taskNotifications)
      .where(and(eq(taskNotifications.userId, user.id), isNull(taskNotifications.sentAt)));
    expect(left).toEqual([]);

    // Running again sends nothing more.
    await runMailJobsAt(new Date(oldest + 10 * MINUTE));
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('mails at once with "immediately", in the user’s language', async () => {
    const en = f.users.cftAdmin;
    await setPreference(en.email, { language: 'en', emailNotificationDelay: 'immediately' });
    await assign('Check the fleet', en.id);
    // Due at the moment of the event: the queue's next round sends it without moving any clock.
    await t.ctx.jobs.drain();
    const mails = mailsTo(en.email);
    expect(mails).toHaveLength(1);
    const text = bodyOf(mails[0]);
    expect(text).toContain('Assigned to you: Check the fleet');
    expect(text).toContain('Hello cftAdmin');
  });

  it('sends no mail when the user turned task e-mails off, and marks the events sent', async () => {
    const off = f.users.readonly;
    await setPreference(off.email, { isEmailNotificationEnabled: false });
    await assign('Still und leise', off.id);
    await runMailJobsAt(new Date(Date.now() + 2 * 24 * 60 * MINUTE));
    expect(mailsTo(off.email)).toHaveLength(0);
    const rows = await t.ctx.db.select().from(taskNotifications).where(eq(taskNotifications.userId, off.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].sentAt).not.toBeNull();
  });

  it('a shorter interval chosen later counts from the oldest event (the sweep sends it)', async () => {
    const ext = f.users.external;
    await setPreference(ext.email, { emailNotificationDelay: '1d' });
    await assign('Lange warten', ext.id);
    const [row] = await t.ctx.db.select().from(taskNotifications).where(eq(taskNotifications.userId, ext.id));
    const company = asCompanyId(f.id);
    // 1 day: at 30 minutes it is not due.
    expect(
      await deliverTaskMails(t.ctx, company, ext.id, new Date(row.createdAt.getTime() + 30 * MINUTE)),
    ).toEqual({
      sent: 0,
      dropped: 0,
      dueAt: new Date(row.createdAt.getTime() + 24 * 60 * MINUTE),
    });
    // Changed to 30 minutes: due 30 minutes after the event, not after the change.
    await setPreference(ext.email, { emailNotificationDelay: '30m' });
    const result = await deliverTaskMails(
      t.ctx,
      company,
      ext.id,
      new Date(row.createdAt.getTime() + 30 * MINUTE),
    );
    expect(result).toEqual({ sent: 1, dropped: 0, dueAt: null });
    await t.ctx.jobs.drain();
    expect(mailsTo(ext.email)).toHaveLength(1);
  });
});
