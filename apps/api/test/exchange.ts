import { expect } from 'vitest';
import type { CompanyFixture, TestApp } from './harness.ts';
import { drainJobs } from './tours.ts';

/** Exchange clients, tokens and pushed tours for the PACT / iLEAP exchange tests. */
export type Credentials = { id: string; clientId: string; clientSecret: string };

export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

export async function newClient(
  t: TestApp,
  company: CompanyFixture,
  body: { name: string; shipper?: string } = { name: 'Shipper ERP' },
): Promise<Credentials> {
  const admin = await t.login(company.users.admin.email);
  const res = await t.call({ method: 'POST', url: '/api/exchange-clients', token: admin, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** POST /pact/auth/token with HTTP Basic and a form body. */
export const tokenRequest = (
  t: TestApp,
  c: { clientId: string; clientSecret: string },
  form = 'grant_type=client_credentials',
) =>
  t.call({
    method: 'POST',
    url: '/pact/auth/token',
    headers: {
      authorization: basic(c.clientId, c.clientSecret),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: form,
  });

export async function accessToken(t: TestApp, c: Credentials): Promise<string> {
  const res = await tokenRequest(t, c);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token;
}

export const pactGet = (t: TestApp, url: string, token: string) =>
  t.call({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

export const pactPost = (t: TestApp, url: string, token: string, body: unknown) =>
  t.call({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/cloudevents+json; charset=UTF-8',
    },
    payload: JSON.stringify(body),
  });

/** Rows of the JSON push (mapping field ids), imported through the real pipeline. */
export async function pushRows(
  t: TestApp,
  company: CompanyFixture,
  rows: Record<string, unknown>[],
): Promise<void> {
  const admin = await t.login(company.users.admin.email);
  const key = await t.call({ method: 'POST', url: '/api/api-keys', token: admin, payload: { name: 'Push' } });
  const res = await t.call({
    method: 'POST',
    url: '/api/imports/tours-shipments',
    headers: { 'x-api-key': key.json().key },
    payload: { category: 'shipment', rows },
  });
  expect(res.statusCode, res.body).toBe(201);
  await drainJobs(t);
  const task = await t.call({
    method: 'GET',
    url: `/api/mapping-import-tasks/${res.json().id}`,
    headers: { 'x-api-key': key.json().key },
  });
  expect(task.json(), 'push import').toMatchObject({ status: 'success', rejected: 0 });
}

/** Follows the `Link` pagination of a list until its end; answers every item and every link seen. */
export async function allPages(t: TestApp, first: string, token: string) {
  const items: { id?: string; activityId?: string }[] = [];
  const links: string[] = [];
  let url: string | null = first;
  for (let i = 0; url && i < 100; i++) {
    const res = await pactGet(t, url, token);
    expect(res.statusCode, res.body).toBe(200);
    items.push(...res.json().data);
    const link = res.headers.link as string | undefined;
    const m = link ? /^<([^>]+)>; rel="next"$/.exec(link) : null;
    if (link) links.push(link);
    url = m ? new URL(m[1]!).pathname + new URL(m[1]!).search : null;
  }
  return { items, links };
}
