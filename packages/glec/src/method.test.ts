/**
 * ISO 14083 method points with hand-computed worked examples (issue 14): shipment default figures
 * without allocation, one transport distance for tkm, air GCD + 95 km, tonnes per TEU on tours,
 * empty km on the driven basis, GWP basis, European road classes (DESNZ 2025).
 */
import { describe, expect, it } from 'vitest';
import { calculateLegEmission } from './leg.ts';
import { unwrap } from './result.ts';
import { calculateShipmentDefaults } from './shipments.ts';
import { calculateTourEmission } from './tour.ts';
import { formatTrace } from './trace.ts';
import { transportDistance } from './transport-distance.ts';

const ARTIC = 'road_eu_artic_40t_avg_diesel'; // GLEC v3.0: TTW 73 + WTT 22 = 95 g/tkm on SFD

describe('default figures of the shipments of a multi-drop tour', () => {
  // Tour of 115 km driven (actual) with three drops, each shipment with its own driven distance.
  // Road DAF 1.05: d_SFD = d_actual / 1.05.
  //   A: 1.2 t x 35 km / 1.05 = 40 tkm       x 95 g = 3.8 kg
  //   B: 2.0 t x 60 km / 1.05 = 114.2857 tkm x 95 g = 10.857143 kg
  //   C: 0.8 t x 20 km / 1.05 = 15.2381 tkm  x 95 g = 1.447619 kg
  //   tour = 16.104762 kg on 169.5238 tkm (95 g/tkm, the same intensity as each shipment)
  // The old tour rule, 4.0 t x 115 / 1.05 x 95 g = 41.62 kg spread by tkm, gave A 41.62 x 40/169.52
  // = 9.82 kg; the 13.4 kg came from the same rule on its data.
  const shipments = [
    { id: 'A', weight: 1200, weightUnit: 'kg' as const, distance: 35, distanceType: 'actual' as const },
    { id: 'B', weight: 2000, weightUnit: 'kg' as const, distance: 60, distanceType: 'actual' as const },
    { id: 'C', weight: 800, weightUnit: 'kg' as const, distance: 20, distanceType: 'actual' as const },
  ];
  const r = unwrap(calculateShipmentDefaults({ transportMode: 'road', glecVehicleType: ARTIC, shipments }));

  it('is each shipment own mass x own transport distance x intensity, no allocation', () => {
    expect(r.shipments.map((s) => s.co2Wtw)).toEqual([
      expect.closeTo(3.8, 9),
      expect.closeTo(10.857143, 6),
      expect.closeTo(1.447619, 6),
    ]);
    expect(r.shipments[0]!.tkm).toBeCloseTo(40, 9);
    for (const s of r.shipments) expect(s.intensity).toBeCloseTo(95, 9);
  });

  it('equals the leg calculation of each shipment', () => {
    for (const s of shipments) {
      const leg = unwrap(
        calculateLegEmission({
          transportMode: 'road',
          glecVehicleType: ARTIC,
          temperatureControl: false,
          ...s,
        }),
      );
      const own = r.shipments.find((x) => x.id === s.id)!;
      expect(own.co2Wtw).toBe(leg.co2Wtw);
      expect(own.tkm).toBe(leg.tkm);
    }
  });

  it('sums to the tour default on the summed tkm', () => {
    expect(r.co2Wtw).toBeCloseTo(16.104762, 6);
    expect(r.tkm).toBeCloseTo(169.5238, 4);
    expect(r.intensity).toBeCloseTo(95, 9);
    expect(r.trace.map((s) => s.step)).toEqual(['shipment-defaults', 'shipment-sum']);
  });
});

describe('one transport distance for tkm', () => {
  it('is SFD for road: an actual distance divided by the DAF, an SFD or estimate as given', () => {
    expect(unwrap(transportDistance('road', 105, 'actual'))).toEqual({ km: 100, type: 'SFD' });
    expect(unwrap(transportDistance('road', 100, 'SFD'))).toEqual({ km: 100, type: 'SFD' });
    expect(unwrap(transportDistance('road', 100, 'estimate'))).toEqual({ km: 100, type: 'SFD' });
    expect(transportDistance('road', 100, 'GCD+95').ok).toBe(false);
  });
});

describe('air transport distance GCD + 95 km', () => {
  // Freighter, 6,000 km GCD (long haul, GLEC v3.2 Table 1: 105 + 503 = 608 g/tkm):
  // d = 6,000 + 95 = 6,095 km; 2 t x 6,095 km = 12,190 tkm; 12,190 x 608 g = 7,411.52 kg.
  const leg = {
    transportMode: 'air' as const,
    glecVehicleType: 'air_freighter_long',
    weight: 2,
    weightUnit: 't' as const,
    temperatureControl: false,
  };

  it('adds 95 km to a great-circle distance', () => {
    const r = unwrap(calculateLegEmission({ ...leg, distance: 6000, distanceType: 'GCD' }));
    expect(r.tkm).toBeCloseTo(12_190, 9);
    expect(r.distance).toBe(6095);
    expect(r.distanceType).toBe('GCD+95');
    expect(r.co2Wtw).toBeCloseTo(7411.52, 6);
    expect(formatTrace(r.trace)).toContain('d = d_GCD + 95 km');
  });

  it('takes GCD+95 and flown distances as they come', () => {
    const plus = unwrap(calculateLegEmission({ ...leg, distance: 6095, distanceType: 'GCD+95' }));
    const flown = unwrap(calculateLegEmission({ ...leg, distance: 6095, distanceType: 'actual' }));
    expect(plus.tkm).toBeCloseTo(12_190, 9);
    expect(plus.co2Wtw).toBeCloseTo(7411.52, 6);
    expect(flown.tkm).toBeCloseTo(12_190, 9);
  });

  it('picks the haul from the great-circle distance', () => {
    // 1,450 km GCD is short haul although 1,450 + 95 = 1,545 km is above the 1,500 km threshold.
    const r = unwrap(
      calculateLegEmission({
        ...leg,
        glecVehicleType: 'air_freighter_long',
        distance: 1450,
        distanceType: 'GCD',
      }),
    );
    expect(r.glecVehicleType).toBe('air_freighter_short');
    expect(r.tkm).toBeCloseTo(2 * 1545, 9);
  });
});

describe('tours', () => {
  it('honour a custom tonnes per TEU for TEU-km intensities', () => {
    // Industry average dry container lane: 71.7 g/TEU-km (12.7 + 59). 12 t over 1,000 km SFD:
    // default 10 t/TEU -> 1.2 TEU -> 86.04 kg; 6 t/TEU -> 2 TEU -> 143.4 kg.
    const tour = {
      transportMode: 'sea' as const,
      glecVehicleType: 'sea_container_industry_average_dry',
      distance: 1000,
      distanceType: 'SFD' as const,
      weight: 12,
      weightUnit: 't' as const,
    };
    expect(unwrap(calculateTourEmission(tour)).co2Wtw).toBeCloseTo(86.04, 9);
    expect(unwrap(calculateTourEmission({ ...tour, tonnesPerTeu: 6 })).co2Wtw).toBeCloseTo(143.4, 9);
  });

  it('convert empty km of an SFD tour to driven km like the loaded km', () => {
    // SFD 100 km loaded + 20 km empty (SFD); driven: 105 + 21 = 126 km; 30 L/100 km -> 37.8 L.
    const base = {
      transportMode: 'road' as const,
      glecVehicleType: ARTIC,
      distance: 100,
      distanceType: 'SFD' as const,
      emptyDistance: 20,
    };
    const byConsumption = unwrap(
      calculateTourEmission({ ...base, consumption: [{ fuelType: 'diesel', per100km: 30, unit: 'L' }] }),
    );
    const byFuel = unwrap(
      calculateTourEmission({ ...base, fuel: [{ fuelType: 'diesel', amount: 37.8, unit: 'L' }] }),
    );
    expect(byConsumption.co2Wtw).toBeCloseTo(byFuel.co2Wtw, 9);
    expect(byConsumption.emptyRunningShare).toBeCloseTo(21 / 126, 12);
  });
});

describe('factor sets name their GWP basis', () => {
  it('on every result, and per value where a source differs', () => {
    const r = unwrap(
      calculateLegEmission({
        transportMode: 'road',
        glecVehicleType: 'road_eu_artic_33t_avg_diesel',
        weight: 10,
        weightUnit: 't',
        distance: 100,
        distanceType: 'SFD',
        temperatureControl: false,
      }),
    );
    // DESNZ 2025 values are on IPCC AR5 GWP100 (DESNZ methodology paper): the result says so,
    // not the set's AR6 basis.
    expect(r.factorSet.gwp).toBe('IPCC AR5 GWP100');
    const intensity = r.trace.find((s) => s.step === 'intensity')!;
    expect(intensity.factor!.edition).toBe(
      'UK DESNZ GHG conversion factors 2025 (flat file v1.0, June 2025), IPCC AR5 GWP100',
    );
    // A GLEC value (sea, GLEC v3.2 Table 18) keeps the set's basis.
    const sea = unwrap(
      calculateLegEmission({
        transportMode: 'sea',
        glecVehicleType: 'sea_container_asia_north_europe_dry',
        weight: 10,
        weightUnit: 't',
        distance: 1000,
        distanceType: 'SFD',
        temperatureControl: false,
      }),
    );
    expect(sea.factorSet.gwp).toBe('IPCC AR6 GWP100');
  });

  it('names both bases where a result mixes them (DESNZ road AR5 + refrigerant AR6)', () => {
    const r = unwrap(
      calculateLegEmission({
        transportMode: 'road',
        glecVehicleType: 'road_eu_artic_33t_avg_diesel',
        weight: 10,
        weightUnit: 't',
        distance: 100,
        distanceType: 'SFD',
        temperatureControl: false,
        refrigerant: { refrigerant: 'R-404A', leakedKg: 0.1 },
      }),
    );
    expect(r.factorSet.gwp).toBe('IPCC AR5 GWP100 + IPCC AR6 GWP100');
  });
});

describe('European road classes (DESNZ 2025)', () => {
  const leg = {
    transportMode: 'road' as const,
    weight: 10,
    weightUnit: 't' as const,
    distance: 100,
    distanceType: 'SFD' as const,
    temperatureControl: false,
  };

  it('are on the actual-distance basis and meet SFD activity with the road DAF', () => {
    // Articulated > 33 t, average laden: TTW 77.03 + WTT 17.99 = 95.02 g/tkm per driven km;
    // on SFD x 1.05 = 99.771 g/tkm; 10 t x 100 km = 1,000 tkm -> 99.771 kg.
    const r = unwrap(calculateLegEmission({ ...leg, glecVehicleType: 'road_eu_artic_33t_avg_diesel' }));
    expect(r.co2Ttw).toBeCloseTo(77.03 * 1.05, 9);
    expect(r.co2Wtt).toBeCloseTo(17.99 * 1.05, 9);
    expect(r.co2Wtw).toBeCloseTo(99.771, 9);
  });

  it('switch to the refrigerated class when temperature-controlled', () => {
    // Refrigerated articulated > 33 t, average laden: (89.08 + 20.86) x 1.05 = 115.437 g/tkm.
    const r = unwrap(
      calculateLegEmission({
        ...leg,
        glecVehicleType: 'road_eu_artic_33t_avg_diesel',
        temperatureControl: true,
      }),
    );
    expect(r.glecVehicleType).toBe('road_eu_artic_33t_avg_reefer_diesel');
    expect(r.co2Wtw).toBeCloseTo(115.437, 9);
  });

  it('cover five classes x three load states, ambient and refrigerated', () => {
    for (const c of ['rigid_3_5_7_5t', 'rigid_7_5_17t', 'rigid_17t', 'artic_3_5_33t', 'artic_33t'])
      for (const l of ['avg', '50', '100'])
        for (const body of ['', 'reefer_']) {
          const r = calculateLegEmission({ ...leg, glecVehicleType: `road_eu_${c}_${l}_${body}diesel` });
          expect(r.ok, `${c} ${l} ${body}`).toBe(true);
        }
  });
});

describe('calculation sheet in the reader language', () => {
  it('names the variables and states the edition plainly, in German and English', () => {
    const r = unwrap(
      calculateLegEmission({
        transportMode: 'road',
        glecVehicleType: ARTIC,
        weight: 1200,
        weightUnit: 'kg',
        distance: 35,
        distanceType: 'actual',
        temperatureControl: false,
      }),
    );
    const de = formatTrace(r.trace, 'Sendung', 'de');
    expect(de).toContain('Masse (t) = 1.2');
    expect(de).toContain('Transportentfernung (km) = 33.3333');
    expect(de).toContain('Ausgabe: GLEC Framework v3.0 – nächstliegende Ausgabe');
    expect(de).not.toMatch(/massT|distanceKm/);
    expect(de).toContain('Standardwerte enthalten Auslastung und Leerfahrten bereits');
    const en = formatTrace(r.trace, 'Shipment', 'en');
    expect(en).toContain('Mass (t) = 1.2');
    expect(en).toContain('Edition: GLEC Framework v3.0 – nearest edition');
  });
});
