import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, callFile, can, pathOf, queryOptions } from './client.ts';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(answer: unknown, status = 200) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(answer), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('typed client', () => {
  it('fills path parameters, encoded', () => {
    expect(pathOf('getUser', { id: 'a/b c' })).toBe(`${pathOf('users')}/a%2Fb%20c`);
    expect(() => pathOf('getUser', {})).toThrow(/missing path parameter id/);
  });

  it('sends method, path, query and body of the named route', async () => {
    const fetch = stubFetch({ 'hydra:member': [], 'hydra:totalItems': 0 });
    await call('vehicles', { query: { page: 2, search: 'HH' } });
    expect(fetch.mock.calls[0][0]).toBe(`${pathOf('vehicles')}?page=2&search=HH`);
    expect((fetch.mock.calls[0][1] as RequestInit).method).toBe('GET');

    await call('updateUserGroup', { params: { id: 'g1' }, body: { name: 'Disposition' } });
    const [url, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(url).toBe(`${pathOf('userGroups')}/g1`);
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(init.body as string)).toEqual({ name: 'Disposition' });
  });

  it('sends list query values as repeated keys and leaves empty ones out', async () => {
    const fetch = stubFetch({ 'hydra:member': [], 'hydra:totalItems': 0 });
    await call('tours', {
      query: { search: '', tag: ['Kühlung', 'Express'], shipper: [], 'departureDate[after]': '2026-03-01' },
    });
    expect(fetch.mock.calls[0][0]).toBe(
      `${pathOf('tours')}?tag=K%C3%BChlung&tag=Express&departureDate%5Bafter%5D=2026-03-01`,
    );

    await callFile('exportShipments', { query: { shipper: ['ACME', 'Nordfrost GmbH'] } });
    expect(fetch.mock.calls[1][0]).toBe(`${pathOf('exportShipments')}?shipper=ACME&shipper=Nordfrost+GmbH`);

    // Another list is another query: TanStack Query must not serve the first list's answer for it.
    const one = queryOptions('tourStats', { query: { tag: ['a'] } });
    const two = queryOptions('tourStats', { query: { tag: ['a', 'b'] } });
    expect(one.queryKey).not.toEqual(two.queryKey);
    await two.queryFn({ signal: new AbortController().signal });
    expect(fetch.mock.calls[2][0]).toBe(`${pathOf('tourStats')}?tag=a&tag=b`);
  });

  it('keys queries by route id and input and passes the abort signal', async () => {
    const fetch = stubFetch({});
    const q = queryOptions('getUser', { params: { id: 'u1' } });
    expect(q.queryKey).toEqual(['getUser', { params: { id: 'u1' } }]);
    const abort = new AbortController();
    await q.queryFn({ signal: abort.signal });
    expect((fetch.mock.calls[0][1] as RequestInit).signal).toBe(abort.signal);
  });

  it('answers can() by the route access and the role hierarchy', () => {
    expect(can({ roles: ['ROLE_CFT_ADMIN'] }, 'createVehicle')).toBe(true);
    expect(can({ roles: ['ROLE_CFT_READ_ONLY'] }, 'vehicles')).toBe(true);
    expect(can({ roles: ['ROLE_CFT_READ_ONLY'] }, 'createVehicle')).toBe(false);
    expect(can({ roles: ['ROLE_CFC_USER'] }, 'vehicles')).toBe(false);
    expect(can(null, 'login')).toBe(true);
    expect(can(null, 'me')).toBe(false);
  });
});

// Compile-time checks: a wrong route id, a missing path parameter or a wrong body type fails `tsc`.
export function typeChecks() {
  // @ts-expect-error unknown route id
  void call('noSuchRoute');
  // @ts-expect-error getUser needs its id
  void call('getUser', {});
  void call('me').then((me) => me.company.id satisfies string);
}
