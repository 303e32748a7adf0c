import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyFixture, createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createCompanyFixture(t.ctx, 'Release');
  token = await t.login(a.users.external.email);
});
afterAll(() => t.close());

describe('release versions', () => {
  it('answers the latest released version query with an empty list until release notes exist', async () => {
    const res = await t.call({ method: 'GET', url: '/api/release-versions?limit=1&released=1', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ 'hydra:member': [], 'hydra:totalItems': 0 });
  });

  it('needs a session and refuses unknown query names', async () => {
    expect(
      (await t.call({ method: 'GET', url: '/api/release-versions?limit=1&released=1' })).statusCode,
    ).toBe(401);
    const res = await t.call({ method: 'GET', url: '/api/release-versions?releasedOnly=1', token });
    expect(res.statusCode).toBe(400);
  });
});
