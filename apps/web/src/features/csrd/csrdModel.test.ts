import { describe, expect, it } from 'vitest';
import { moduleNotBooked } from '../../app/dialogs/eligibility.ts';
import { changedKeys, placeMatrix, shouldPromptOnLeave } from './csrdModel.ts';

describe('materiality matrix', () => {
  it('marks a topic material when either score reaches the threshold', () => {
    const points = placeMatrix(
      [
        { key: 'E1', label: 'Climate', impact: 4.2, financial: 3 },
        { key: 'E2', label: 'Pollution', impact: 3, financial: 1 },
        { key: 'S1', label: 'Workforce', impact: 1.5, financial: 3.5 },
        { key: 'G1', label: 'Conduct', impact: 2.99, financial: 2 },
      ],
      5,
      3,
    );
    expect(points.map((p) => [p.key, p.material, p.quadrant])).toEqual([
      ['E1', true, 'double'],
      ['E2', true, 'impact'],
      ['S1', true, 'financial'],
      ['G1', false, 'none'],
    ]);
    // A single topic on its spot is drawn where its scores are: financial on x, impact on y.
    expect([points[0].x, points[0].y]).toEqual([3, 4.2]);
  });

  it('clamps scores to the scale and spreads topics that share a spot', () => {
    const [a, b, c] = placeMatrix(
      [
        { key: 'a', label: 'A', impact: 2, financial: 2 },
        { key: 'b', label: 'B', impact: 2, financial: 2 },
        { key: 'c', label: 'C', impact: 12, financial: -1 },
      ],
      10,
      5,
    );
    // Two topics on (2, 2), radius 0.035 · 10 = 0.35: one at angle 0, one at angle π.
    expect(a.x).toBeCloseTo(2.35);
    expect(a.y).toBeCloseTo(2);
    expect(b.x).toBeCloseTo(1.65);
    expect(b.y).toBeCloseTo(2);
    expect([c.x, c.y, c.quadrant]).toEqual([0, 10, 'impact']);
  });
});

describe('unsaved changes', () => {
  it('lists the changed, added and removed keys only', () => {
    expect(
      changedKeys({
        saved: { a: { v: 1 }, b: { v: 2 }, c: { v: 3 } },
        current: { a: { v: 1 }, b: { v: 5 }, d: { v: 4 } },
      }),
    ).toEqual(['b', 'c', 'd']);
    expect(changedKeys({ saved: { a: 1 }, current: { a: 1 } })).toEqual([]);
  });

  it('asks only when leaving the page with changes', () => {
    expect(shouldPromptOnLeave(true, '/csrd-report/1/E/E1', '/csrd-report/1/E/E2')).toBe(true);
    expect(shouldPromptOnLeave(true, '/csrd-report/1/E/E1', '/csrd-report/1/E/E1')).toBe(false);
    expect(shouldPromptOnLeave(false, '/csrd-report/1/E/E1', '/csrd-report/overview')).toBe(false);
  });
});

describe('forced logout when CSRD is not booked', () => {
  const company = (modules: ('cft' | 'cfc' | 'tax' | 'csrd')[]) => ({
    id: '00000000-0000-4000-8000-000000000000',
    name: 'X',
    isBasic: false,
    unlocked: true,
    modules,
  });

  it('blocks a CSRD user whose company has no CSRD booking, also when CSRD is the chosen module', () => {
    expect(moduleNotBooked({ roles: ['ROLE_CSRD_USER'], modules: [], company: company(['cft']) })).toBe(true);
    // Another module of the user is booked, but the selected one (CSRD) is not.
    expect(
      moduleNotBooked(
        { roles: ['ROLE_TAX_USER', 'ROLE_CSRD_USER'], modules: ['tax'], company: company(['tax']) },
        'csrd',
      ),
    ).toBe(true);
    expect(
      moduleNotBooked({ roles: ['ROLE_CSRD_USER'], modules: ['csrd'], company: company(['csrd']) }, 'csrd'),
    ).toBe(false);
  });
});
