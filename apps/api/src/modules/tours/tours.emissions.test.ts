import { describe, expect, it } from 'vitest';
import { co2Columns, linkFigures } from './tours.emissions.ts';

describe('stored emission columns', () => {
  it('take the default and individual CO2e and the hub share, with null when no fuel was given', () => {
    const e = {
      default: { co2Ttw: 80, co2Wtt: 20, co2Wtw: 100 },
      individual: null,
      hubCo2Wtw: 1.5,
    };
    expect(co2Columns(e)).toEqual({
      co2DefaultTtw: 80,
      co2DefaultWtt: 20,
      co2DefaultWtw: 100,
      co2IndividualTtw: null,
      co2IndividualWtt: null,
      co2IndividualWtw: null,
      hubCo2Wtw: 1.5,
    });
  });

  it('give a link its tkm and allocation share beside the figures', () => {
    // 4 t over 300 km with a DAF of 1.05: 4 × 300 / 1.05 = 1,142.86 tkm, half of the tour's load.
    const link = linkFigures({
      reference: 'S-1',
      share: 0.5,
      tkm: 1142.86,
      default: { co2Ttw: 60, co2Wtt: 15, co2Wtw: 75 },
      individual: { co2Ttw: 50, co2Wtt: 12, co2Wtw: 62 },
      hubCo2Wtw: 0,
    });
    expect(link).toMatchObject({
      tkm: 1142.86,
      share: 0.5,
      co2DefaultWtw: 75,
      co2IndividualWtw: 62,
      hubCo2Wtw: 0,
    });
    expect(Object.keys(link)).not.toContain('reference');
  });
});
