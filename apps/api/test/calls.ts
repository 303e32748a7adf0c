/**
 * What the module tests share besides the app: signed-in users, JSON calls with a token and a
 * request language (the answer checked for a status), and a booked tariff for the module under test.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { TestApp } from './harness.ts';
import { schema } from '../src/platform/db/index.ts';
import { insertBooking, insertTariff } from '../src/modules/tariffs/tariffs.repository.ts';
import { asCompanyId } from '../src/platform/tenant.ts';

export type Json = Record<string, any>;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Answer = { statusCode: number; body: string; json: () => any };

/** `call`, `json` (the answer's body once its status is `status`) and `refused` (status and key). */
export function jsonCalls(t: TestApp, language = 'de') {
  const call = (method: Method, url: string, token: string, payload?: unknown, lang = language) =>
    t.call({
      method,
      url,
      token,
      headers: { 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
  const json = async (res: Promise<Answer>, status = 200): Promise<Json> => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    return r.json() as Json;
  };
  const refused = async (res: Promise<Answer>) => {
    const r = await res;
    return [r.statusCode, r.json().message] as [number, string];
  };
  return { call, json, refused };
}

/**
 * Session tokens of the named users, signed in before the file's tests (after the fixture's
 * companies exist: `users` is read then). The object is filled in place, like `appWithCompanies`.
 */
export function signedIn<K extends string>(t: TestApp, users: () => Record<K, { email: string }>) {
  const tokens = {} as Record<K, string>;
  beforeAll(async () => {
    for (const [key, user] of Object.entries(users()) as [K, { email: string }][])
      tokens[key] = await t.login(user.email);
  });
  return tokens;
}

/** The mails queued for this address (the outbox rows, whether sent or not). */
export function mailsTo(t: TestApp, to: string) {
  return t.ctx.db.select().from(schema.outboxMails).where(eq(schema.outboxMails.to, to));
}

type TariffFields = Omit<Parameters<typeof insertTariff>[1], 'translations'> & { name?: string };
type BookingFields = { beginDate: string; endDate?: string; emailBooking?: string };

/** A tariff (named `name`, German texts only) booked for a company from `beginDate`. */
export async function bookTariff(
  t: TestApp,
  companyId: string,
  { name = 'Test', ...tariff }: TariffFields,
  booking: BookingFields,
) {
  const row = await insertTariff(t.ctx.db, {
    ...tariff,
    translations: [{ locale: 'de', name, shortDescription: 'x', longDescription: 'x' }],
  });
  await insertBooking(t.ctx.db, {
    companyId: asCompanyId(companyId),
    tariffId: row.id,
    emailBooking: 'booking@example.test',
    ...booking,
  });
  return row;
}

/** The paid CFC tariff and an individual CSRD tariff, booked for each company from 1 January of `year`. */
export async function bookCfcAndCsrd(t: TestApp, companyIds: string[], year: number) {
  for (const id of companyIds) {
    await bookTariff(
      t,
      id,
      { module: 'cfc', type: 'default', isFreeOfCharge: false, name: 'CFC' },
      { beginDate: `${year}-01-01` },
    );
    await bookTariff(
      t,
      id,
      { module: 'csrd', type: 'individual', name: 'CSRD' },
      { beginDate: `${year}-01-01` },
    );
  }
}
