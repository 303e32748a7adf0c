import { fixture } from '../../test/fixtures.ts';

/** Test data of the order screens' component tests. */
const entries = (o: Record<string, { de: string }>) =>
  Object.entries(o).map(([id, l]) => ({ id, name: l.de }));
/** The masters answer in German with the lists the list screen names things by. */
export const MASTERS = fixture('masters', {
  transportMode: entries({ road: { de: 'Straße' }, rail: { de: 'Schiene' }, sea: { de: 'See' } }),
  carriage: [],
  importExport: [],
  cargo: entries({ general: { de: 'Stückgut allgemein' } }),
  containerLoad: [],
  containerType: [],
  freightType: entries({ container: { de: 'Container' }, unit_cargo: { de: 'Stückgut' } }),
  weightUnit: [],
  truckType: [],
  trainType: [],
  shipType: [],
  inlandWaterwayType: [],
  orderStatus: entries({
    open: { de: 'Offen' },
    confirmed: { de: 'Bestätigt' },
    completed: { de: 'Abgeschlossen' },
    cancelled: { de: 'Storniert' },
  }),
  airType: [],
  glecVehicleTypes: [],
  glecTrailerTypes: [],
  fuelTypes: [],
});
