import { describe, expect, it } from 'vitest';
import type { Answer } from '../app/client.ts';
import { answer, errorAnswer, fixture, listFixture } from './fixtures.ts';

describe('contract fixtures', () => {
  it('pass an answer of the contract through, as the API would send it', () => {
    expect(fixture('maintenanceStatus', { active: true, until: null, granted: false })).toEqual({
      active: true,
      until: null,
      granted: false,
    });
    expect(listFixture('countries', [{ code: 'DE', name: 'Deutschland' }])).toEqual({
      'hydra:member': [{ code: 'DE', name: 'Deutschland' }],
      'hydra:totalItems': 1,
    });
  });

  it('fail on a fixture that drifted from the contract', () => {
    const drifted = { active: 'yes', until: null } as unknown as Answer<'maintenanceStatus'>;
    expect(() => fixture('maintenanceStatus', drifted)).toThrow(
      /maintenanceStatus.*does not match the contract/s,
    );
  });

  it('answer with the route success status and the catalogue error status', async () => {
    expect(answer('register', { code: 20000, message: 'ok' }).status).toBe(201);
    expect(answer('maintenanceAccess', { code: 20000, message: 'ok' }).status).toBe(200);
    const wrong = errorAnswer('maintenancePasswordWrong');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ code: 50300, message: 'maintenancePasswordWrong' });
  });
});
