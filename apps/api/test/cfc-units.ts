import { type Json, jsonCalls } from './calls.ts';
import type { TestApp } from './harness.ts';

/** A further German business unit with its report of `year`, made by a company admin (CFC settings saved). */
export async function addUnitWithReport(
  t: TestApp,
  adminToken: string,
  name: string,
  year: number,
): Promise<{ unit: Json; report: Json }> {
  const { call, json } = jsonCalls(t);
  const unit = await json(
    call('POST', '/api/cfc/business-units/new', adminToken, { name, country: 'DE' }),
    201,
  );
  const report = await json(
    call('POST', '/api/cfc/reports', adminToken, { businessUnit: unit.id, year }),
    201,
  );
  return { unit, report };
}
