import { describe, expect, it } from 'vitest';
import { fuelErrors, plateKey, resolveFuelType, trailerErrors, vehicleErrors } from './fleet.rules.ts';

const base = { licensePlate: 'HH-AB 123', glecVehicleType: 'road_in_tractor_30_60t_diesel' };

describe('vehicle rules', () => {
  it('accepts a complete vehicle', () => {
    expect(
      vehicleErrors({
        ...base,
        fuelInformation: [{ consumption: 30, unitFuelConsumption: 'L', fuelType: 'diesel' }],
        yearOfConstruction: 2020,
      }),
    ).toEqual([]);
  });
  it('names missing required fields', () => {
    expect(vehicleErrors({ licensePlate: ' ', glecVehicleType: null })).toEqual([
      { code: 'MissingRequiredFields', field: 'licensePlate' },
      { code: 'MissingRequiredFields', field: 'glecVehicleType' },
    ]);
  });
  it('refuses non-road and unknown GLEC types', () => {
    expect(vehicleErrors({ ...base, glecVehicleType: 'air_belly_long' })[0].code).toBe('InvalidGlecType');
    expect(vehicleErrors({ ...base, glecVehicleType: 'spaceship' })[0].code).toBe('InvalidGlecType');
  });
  it('checks the year range 1900 to 2100', () => {
    expect(vehicleErrors({ ...base, yearOfConstruction: 1899 })[0].code).toBe('InvalidYearOfConstruction');
    expect(vehicleErrors({ ...base, yearOfConstruction: 2100 })).toEqual([]);
  });
});

describe('fuel rules', () => {
  it('wants none or all three fields per slot', () => {
    expect(fuelErrors([{}, { consumption: 12 }])).toEqual([
      { code: 'IncompleteFuelInfo', field: 'fuelInformation.1' },
    ]);
  });
  it('knows fuel types and their units', () => {
    expect(fuelErrors([{ consumption: 1, unitFuelConsumption: 'L', fuelType: 'plutonium' }])[0].code).toBe(
      'FuelTypeNotFound',
    );
    expect(fuelErrors([{ consumption: 1, unitFuelConsumption: 'kWh', fuelType: 'diesel' }])[0].code).toBe(
      'FuelTypeUnit',
    );
    expect(fuelErrors([{ consumption: 1, unitFuelConsumption: 'kWh', fuelType: 'electricity_de' }])).toEqual(
      [],
    );
  });
  it('resolves fuel types by label', () => {
    expect(resolveFuelType('Diesel (B0)')).toBe('diesel');
    expect(resolveFuelType('DIESEL')).toBe('diesel');
    expect(resolveFuelType('steam')).toBeNull();
  });
});

describe('trailer rules and plates', () => {
  it('checks trailer types', () => {
    expect(trailerErrors({ licensePlate: 'X', glecTrailerType: 'reefer' })).toEqual([]);
    expect(trailerErrors({ licensePlate: 'X', glecTrailerType: 'magic' })[0].code).toBe('InvalidGlecType');
  });
  it('normalises licence plates', () => {
    expect(plateKey('hh-ab 123')).toBe(plateKey('HH AB123'));
  });
});
