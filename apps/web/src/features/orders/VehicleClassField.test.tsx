import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addTestBundle, renderScreen, setupTestI18n } from '../../test/render.tsx';
import { webTexts } from '../../test/messages.ts';
import {
  type VehicleClass,
  VehicleClassField,
  orderedClasses,
  vehicleClassMatches,
} from './VehicleClassField.tsx';

const deOrders = webTexts.de.orders;
const enOrders = webTexts.en.orders;

/** Road classes as GET /api/masters answers them in German. */
const ROAD: VehicleClass[] = [
  {
    id: 'road_eu_artic_40t_avg_diesel',
    name: 'Sattelzug bis 40 t zGG, Durchschnitt/gemischt, Diesel (Europa)',
    otherName: 'Artic truck up to 40 t GVW, average/mixed, diesel (Europe)',
    region: 'Europe',
  },
  {
    id: 'road_eu_rigid_7_5_17t_avg_reefer_diesel',
    name: 'Motorwagen 7,5–17 t zGG, Durchschnittsbeladung, Diesel, Kühlfahrzeug (Europa)',
    otherName: 'Rigid truck 7.5–17 t GVW, average laden, diesel, refrigerated (Europe)',
    region: 'Europe',
  },
  {
    id: 'road_in_tractor_30_60t_diesel',
    name: 'Sattelzug 30–60 t zGG, Diesel (Indien)',
    otherName: 'Tractor-trailer 30–60 t GVW, diesel (India)',
    region: 'India',
  },
];

const ids = (typed: string, region = 'Europa') =>
  ROAD.filter((v) => vehicleClassMatches(v, v.region === 'India' ? 'Indien' : region, typed)).map(
    (v) => v.id,
  );

describe('searchable vehicle classes (issue 37)', () => {
  it('finds a class by its German or English name, without accents, every word anywhere', () => {
    expect(ids('artic')).toEqual(['road_eu_artic_40t_avg_diesel']);
    expect(ids('sattelzug')).toEqual(['road_eu_artic_40t_avg_diesel', 'road_in_tractor_30_60t_diesel']);
    expect(ids('kuhl')).toEqual(['road_eu_rigid_7_5_17t_avg_reefer_diesel']);
    expect(ids('refrigerated')).toEqual(['road_eu_rigid_7_5_17t_avg_reefer_diesel']);
    expect(ids('40t diesel')).toEqual(['road_eu_artic_40t_avg_diesel']);
    expect(ids('india')).toEqual(['road_in_tractor_30_60t_diesel']);
    expect(ids('indien')).toEqual(['road_in_tractor_30_60t_diesel']);
    expect(ids('')).toHaveLength(3);
    expect(ids('hydrogen')).toEqual([]);
  });

  it('lists the leg’s region first, the factor set’s order within a region', () => {
    expect(orderedClasses(ROAD, 'India').map((v) => v.region)).toEqual(['India', 'Europe', 'Europe']);
    expect(orderedClasses(ROAD, null).map((v) => v.id)).toEqual(ROAD.map((v) => v.id));
  });

  it('offers the classes grouped by region and filters as the user types', async () => {
    await setupTestI18n();
    addTestBundle('orders', deOrders, enOrders);
    const picked: string[] = [];
    await renderScreen(() => (
      <VehicleClassField
        name="legs.on_carriage.0.glecVehicleType"
        label="Fahrzeugklasse (GLEC)"
        options={ROAD}
        value=""
        firstRegion="India"
        onChange={(id) => picked.push(id)}
      />
    ));
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: /Fahrzeugklasse/ });
    await user.click(input);
    const groups = screen.getByRole('listbox').querySelectorAll('.MuiAutocomplete-groupLabel');
    expect([...groups].map((g) => g.textContent)).toEqual(['Indien', 'Europa']);
    // The German screen finds the class by its English name.
    await user.type(input, 'artic');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([ROAD[0].name]),
    );
    await user.click(screen.getByRole('option'));
    expect(picked).toEqual(['road_eu_artic_40t_avg_diesel']);
  });
});
