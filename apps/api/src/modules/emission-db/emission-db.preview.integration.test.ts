import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appWithCompanies } from '../../../test/harness.ts';
import { rowsOf } from '../../platform/db/index.ts';

const { t, a } = appWithCompanies({ a: 'EdbPreview' });
let token: string;

beforeAll(async () => {
  token = await t.login(a.users.readonly.email);
});

type Json = Record<string, any>;
const idOf = async (key: string) =>
  rowsOf<{ id: string }>(
    await t.ctx.db.execute(sql`select id from emission_activities where dataset_key = ${key}`),
  )[0].id;

async function searchHit(term: string, id: string) {
  const res = await t.call({
    method: 'GET',
    url: `/api/activities/search?term=${encodeURIComponent(term)}&limit=50`,
    token,
    headers: { 'accept-language': 'en' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json()['hydra:member'] as Json[]).find((x) => x.id === id);
}

describe('factor preview in the activity search', () => {
  it('tells activities of one name apart: value, unit, country and source of their factors', async () => {
    // DESNZ 2025 natural gas (OGL v3.0): 0.18296 kg CO2e/kWh (gross CV), 0.2027 kg CO2e/kWh (net CV).
    const gas = await searchHit('Natural gas', await idOf('desnz:Fuels|Gaseous fuels|Natural gas||'));
    const source = 'UK Government GHG Conversion Factors for Company Reporting (DESNZ)';
    // Valid everywhere and of one year: the three smallest per unit first (m3: 2.06672 kg CO2e).
    expect(gas!.factorPreview).toEqual([
      { value: 0.18296, unit: 'kWh-gross', country: null, source, year: 2025 },
      { value: 0.2027, unit: 'kWh-net', country: null, source, year: 2025 },
      { value: 2.06672, unit: 'm3', country: null, source, year: 2025 },
    ]);
  });

  it('names the country of a national factor: UK grid electricity 0.177 kg CO2e/kWh in GB', async () => {
    const power = await searchHit(
      'Electricity: UK',
      await idOf('desnz:UK electricity|Electricity generated|Electricity: UK|kWh|'),
    );
    expect(power!.factorPreview).toEqual([
      { value: 0.177, unit: 'kWh', country: 'GB', source: expect.any(String), year: 2025 },
    ]);
  });
});
