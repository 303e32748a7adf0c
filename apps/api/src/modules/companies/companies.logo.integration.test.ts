import { crc32, deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@klimadesk/contract';
import { jsonCalls } from '../../../test/calls.ts';
import { createCfcReport } from '../../../test/cfc.ts';
import { appWithCompanies } from '../../../test/harness.ts';
import { type FilePart, postForm } from '../../../test/multipart.ts';
import { pdfText } from '../../../test/pdf.ts';

const { t, a, b, smp } = appWithCompanies({ a: 'LogoA', b: 'LogoB' }, { platformAdmin: true });
const { call, json, refused } = jsonCalls(t);
const tk = {} as Record<'adminA' | 'userA' | 'adminB' | 'smp', string>;

beforeAll(async () => {
  tk.adminA = await t.login(a.users.admin.email);
  tk.userA = await t.login(a.users.user.email);
  tk.adminB = await t.login(b.users.admin.email);
  tk.smp = await t.login(smp.email);
});

/** A PNG of `width` × `height` RGB pixels, built chunk by chunk (PNG spec §5.3: length, type, data, CRC). */
function png(width: number, height: number, colour = [47, 125, 91]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => colour).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 48 × 16 px JPEG (a canvas export; baseline, JFIF). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAQADADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABQAD/8QAJBAAAAQEBgMAAAAAAAAAAAAAABESEwEFBhQVFiRDUWFlo+L/xAAYAQACAwAAAAAAAAAAAAAAAAAAAQIDBP/EABsRAAEEAwAAAAAAAAAAAAAAAAACEiIxEyGB/9oADAMBAAIRAxEAPwDan5HjVxqWWU7ajM+4cBjI3kvR9Aen55gtxpnnk7iSI+o8hjPPjff8haMSMTZX0HqCR4Lb6l55W2kiLuPIHDFQTzGrfTMsq3FGZdQ4A4RUtro0QhCAQP/Z',
  'base64',
);

const file = (data: Buffer, fileName = 'logo.png', contentType = 'image/png'): { file: FilePart } => ({
  file: { fileName, contentType, data },
});
const upload = (companyId: string, token: string, parts: { file: FilePart }) =>
  postForm(t, `/api/companies/${companyId}/logo`, token, parts);
const answer = async (res: Promise<{ statusCode: number; body: string; json: () => any }>) => {
  const r = await res;
  return [r.statusCode, r.json().message] as [number, string];
};

/** Image XObjects of a PDF (pdfkit writes each opened image once, referenced from every page). */
const imageObjects = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

describe('company logo', () => {
  it('a company admin uploads a PNG; the company and the logo route answer it', async () => {
    const image = png(120, 40);
    const res = await upload(a.id, tk.adminA, file(image));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mimeType: 'image/png', width: 120, height: 40, bytes: image.length });
    const company = await json(call('GET', `/api/companies/${a.id}`, tk.userA));
    expect(company.logo).toMatchObject({ mimeType: 'image/png', width: 120, height: 40 });
    const bytes = await t.call({ method: 'GET', url: `/api/companies/${a.id}/logo`, token: tk.userA });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.rawPayload.equals(image)).toBe(true);
  });

  it('every document of the company draws it: the carbon footprint PDF holds one image object', async () => {
    const { unit } = await createCfcReport(t, tk.adminA, { year: 2025 });
    const exported = await json(
      call('POST', '/api/cfc/reports/export', tk.adminA, {
        year: 2025,
        businessUnits: [unit.id],
        format: 'pdf',
      }),
    );
    const pdf = Buffer.from(exported.data, 'base64');
    expect(imageObjects(pdf)).toBe(1);
    expect(pdfText(pdf)).toContain('Firma LogoA GmbH');
  });

  it('replaces the PNG by a JPEG, told apart by its bytes, not its name', async () => {
    const res = await upload(a.id, tk.adminA, file(JPEG, 'logo.png', 'application/octet-stream'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mimeType: 'image/jpeg', width: 48, height: 16 });
    const bytes = await t.call({ method: 'GET', url: `/api/companies/${a.id}/logo`, token: tk.adminA });
    expect(bytes.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses what is not a PNG or JPEG, whatever its name: SVG, text, a PNG cut short', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await answer(upload(a.id, tk.adminA, file(svg, 'logo.svg', 'image/svg+xml')))).toEqual([
      415,
      'invalidFileType',
    ]);
    expect(await answer(upload(a.id, tk.adminA, file(Buffer.from('not an image'), 'logo.png')))).toEqual([
      415,
      'invalidFileType',
    ]);
    const cut = png(64, 64).subarray(0, 60);
    expect(await answer(upload(a.id, tk.adminA, file(cut)))).toEqual([415, 'invalidFileType']);
  });

  it('refuses a file over 512 KB and an image with a side over 2000 or under 16 px', async () => {
    const big = Buffer.concat([JPEG, Buffer.alloc(LOGO_MAX_BYTES)]);
    const res = await upload(a.id, tk.adminA, file(big, 'logo.jpg', 'image/jpeg'));
    expect([res.statusCode, res.json().message, res.json().detail]).toEqual([
      413,
      'payloadTooLarge',
      { limit: LOGO_MAX_BYTES },
    ]);
    const wide = await upload(a.id, tk.adminA, file(png(2001, 20)));
    expect([wide.statusCode, wide.json().message, wide.json().detail]).toEqual([
      422,
      'imageSizeInvalid',
      { width: 2001, height: 20, min: 16, max: 2000 },
    ]);
    expect(await answer(upload(a.id, tk.adminA, file(png(40, 8))))).toEqual([422, 'imageSizeInvalid']);
    // The stored logo stays the JPEG.
    expect((await json(call('GET', `/api/companies/${a.id}`, tk.adminA))).logo.mimeType).toBe('image/jpeg');
  });

  it('another company can neither read nor change it; a user without the admin role cannot change it', async () => {
    expect(await refused(call('GET', `/api/companies/${a.id}/logo`, tk.adminB))).toEqual([404, 'notFound']);
    expect(await answer(upload(a.id, tk.adminB, file(png(32, 32))))).toEqual([404, 'notFound']);
    expect(await refused(call('DELETE', `/api/companies/${a.id}/logo`, tk.adminB))).toEqual([
      404,
      'notFound',
    ]);
    expect(await answer(upload(a.id, tk.userA, file(png(32, 32))))).toEqual([403, 'noRights']);
    expect((await json(call('GET', `/api/companies/${a.id}`, tk.adminA))).logo.mimeType).toBe('image/jpeg');
  });

  it('the provider’s logo heads the invoices', async () => {
    const platform = (await json(call('GET', `/api/companies/${smp.companyId}`, tk.smp))).id as string;
    expect((await upload(platform, tk.smp, file(png(200, 50)))).statusCode).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    const pdf = await t.call({
      method: 'GET',
      url: `/api/invoicing/documents/file?company=${a.id}&month=${month}`,
      token: tk.smp,
    });
    expect(pdf.statusCode).toBe(200);
    expect(imageObjects(pdf.rawPayload)).toBe(1);
    expect(pdfText(pdf.rawPayload).split('\n')).toContain('Plattform');
  });

  it('the admin removes it; the documents show the name alone again', async () => {
    expect((await call('DELETE', `/api/companies/${a.id}/logo`, tk.adminA)).statusCode).toBe(200);
    expect((await json(call('GET', `/api/companies/${a.id}`, tk.adminA))).logo).toBeNull();
    expect((await call('GET', `/api/companies/${a.id}/logo`, tk.adminA)).statusCode).toBe(404);
    expect(await refused(call('DELETE', `/api/companies/${a.id}/logo`, tk.adminA))).toEqual([
      404,
      'notFound',
    ]);
  });
});
