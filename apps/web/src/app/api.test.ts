import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildUrl, configureApi } from './api.ts';
import { pathOf } from './client.ts';

function answer(body: BodyInit | null, init: ResponseInit) {
  const fetch = vi.fn(async (_url: string) => new Response(body, init));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  configureApi({ onSessionInvalid: () => {} });
});

describe('query strings', () => {
  it('repeat the key for each value of a list, in order, and skip empty values', () => {
    expect(buildUrl('/x', { tag: ['b', 'a', 'b'], shipper: [], search: '', page: 2, open: false })).toBe(
      '/x?tag=b&tag=a&tag=b&page=2&open=false',
    );
    expect(buildUrl('/x', { tag: [], search: null })).toBe('/x');
  });
});

describe('file answers', () => {
  it('come with the name from Content-Disposition, the encoded form first', async () => {
    const fetch = answer('%PDF-1.7', {
      headers: {
        'content-disposition': `attachment; filename="Bescheinigung.pdf"; filename*=UTF-8''Bescheinigung%20M%C3%BCller.pdf`,
      },
    });
    const file = await api.file(pathOf('shipperStatementFile'), { shipper: 'Müller', format: 'pdf' });
    expect(file.fileName).toBe('Bescheinigung Müller.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    expect(fetch.mock.calls[0][0]).toBe(`${pathOf('shipperStatementFile')}?shipper=M%C3%BCller&format=pdf`);
  });

  it('take the plain name, or none', async () => {
    answer('x', { headers: { 'content-disposition': 'attachment; filename="a.xlsx"' } });
    expect((await api.file('/f')).fileName).toBe('a.xlsx');
    answer('x', {});
    expect((await api.file('/f')).fileName).toBeNull();
  });

  it('turn an error answer into an ApiError and end an invalid session', async () => {
    const ended = vi.fn();
    configureApi({ onSessionInvalid: ended });
    answer(JSON.stringify({ code: 40300, message: 'shipperNotAllowed' }), { status: 403 });
    const err = await api.file('/f').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).key).toBe('shipperNotAllowed');
    expect(ended).not.toHaveBeenCalled();
    answer('', { status: 401 });
    await expect(api.file('/f')).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledOnce();
  });

  it('keep the session on the empty taxonomy export, whose body code is 50100 too (seed 001 §8)', async () => {
    const ended = vi.fn();
    configureApi({ onSessionInvalid: ended });
    answer(JSON.stringify({ code: 50100, message: 'TaxExportEmpty' }), { status: 422 });
    const err = await api.file('/f').catch((e: unknown) => e);
    expect([(err as ApiError).key, (err as ApiError).sessionInvalid]).toEqual(['TaxExportEmpty', false]);
    expect(ended).not.toHaveBeenCalled();
  });
});
