import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from './db/index.ts';
import { type TestApp, createTestApp } from '../../test/harness.ts';

/** A loopback port with nothing listening: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}?ignoreTLS=true` } });
});
afterAll(() => t.close());

describe('mail delivery', () => {
  it('keeps a mail the SMTP server did not take in the outbox as failed and retries it later', async () => {
    const id = await t.ctx.mailer.queue({ to: 'someone@x.test', subject: 'Hallo', text: 'Text' });
    await t.ctx.jobs.drain();
    const [mail] = await t.ctx.db.select().from(schema.outboxMails).where(eq(schema.outboxMails.id, id));
    expect(mail.status).toBe('failed');
    expect(mail.error).toMatch(/ECONNREFUSED|connect/i);
    const [job] = await t.ctx.db.select().from(schema.jobs).where(eq(schema.jobs.queue, 'mail.send'));
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});
