import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { webTexts } from '../../test/messages.ts';
import { type Answer, pathOf } from '../../app/client.ts';
import { fixture } from '../../test/fixtures.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import type { VehicleSaved } from './fleetApi.ts';
import { VehicleDialog } from './VehicleDialog.tsx';

const deFleet = webTexts.de.fleet;
const enFleet = webTexts.en.fleet;
const deErrors = webTexts.de.errors;

const FUELS: Answer<'fuelTypes'>['hydra:member'] = [
  { id: 'diesel', name: 'Diesel (B0)', units: ['L', 'kg'] },
  { id: 'cng', name: 'CNG (Erdgas, Lkw)', units: ['kg'] },
  { id: 'electricity_de', name: 'Strom (Verbrauchsmix DE 2021)', units: ['kWh'] },
];
const TYPES: Answer<'glecVehicleTypes'>['hydra:member'] = [
  { id: 'road_eu_artic_40t_avg_diesel', mode: 'road', name: 'Sattelzug bis 40 t zGG, Diesel (Europa)' },
];

type Call = { method: string; url: string; body: unknown };
let calls: Call[];

const list = <T,>(items: T[]) => ({ 'hydra:member': items, 'hydra:totalItems': items.length });

/** A stored vehicle as the API answers it; the saved answer overlays the sent body. */
const STORED = {
  id: '00000000-0000-4000-8000-0000000000a1',
  licensePlate: '',
  vehicleLocation: null,
  description: null,
  vehicleReference: null,
  fuelInformation: [],
  glecVehicleType: null,
  manufacturer: null,
  type: null,
  model: null,
  maxPayload: null,
  maxWeight: null,
  weight: null,
  enginePowerPs: null,
  enginePowerKw: null,
  engineDisplacement: null,
  yearOfConstruction: null,
  exhaustStandard: null,
  hasCoolingUnit: false,
  coolingUnitDescription: null,
  status: 1,
  restoredAt: null,
  decommissionedAt: null,
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
  sample: false,
};

/** The master data answers, checked against the contract like the saved vehicle. */
function masterData(url: string): Response | null {
  if (url.startsWith(pathOf('fuelTypes'))) return Response.json(fixture('fuelTypes', list(FUELS)));
  if (url.startsWith(pathOf('glecVehicleTypes')))
    return Response.json(fixture('glecVehicleTypes', list(TYPES)));
  return null;
}

beforeAll(async () => {
  await setupTestI18n();
  i18n.addResourceBundle('de', 'fleet', deFleet);
  i18n.addResourceBundle('en', 'fleet', enFleet);
});

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const master = masterData(url);
      if (master) return master;
      if (method === 'POST' && url === pathOf('createVehicle')) {
        const body = JSON.parse(String(init?.body));
        return Response.json(fixture('createVehicle', { result: 2, vehicle: { ...STORED, ...body } }), {
          status: 201,
        });
      }
      return Response.json({ code: 50310, message: 'notFound' }, { status: 404 });
    }),
  );
});

async function openDialog(onSaved = vi.fn<(s: VehicleSaved) => void>()) {
  const user = userEvent.setup();
  await renderScreen(
    () => <VehicleDialog item={null} onClose={() => undefined} onSaved={onSaved} />,
    '/fleetmanagement/vehicles',
  );
  const dialog = await screen.findByRole('dialog', { name: 'Neues Fahrzeug' });
  return { user, dialog, onSaved };
}

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

const slot = (dialog: HTMLElement, n: number) =>
  within(within(dialog).getByRole('group', { name: `Kraftstoff ${n}` }));

async function fillRequired(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  plate = 'HH-KD 100',
) {
  await user.type(within(dialog).getByRole('textbox', { name: /Kennzeichen/ }), plate);
  await choose(user, within(dialog).getByRole('combobox', { name: /GLEC-Fahrzeugtyp/ }), TYPES[0].name);
}

describe('vehicle form', () => {
  it('requires licence plate and GLEC type and saves nothing without them', async () => {
    const { user, dialog, onSaved } = await openDialog();
    expect(within(dialog).getByRole('textbox', { name: /Kennzeichen/ })).toBeRequired();
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect((await within(dialog).findAllByText('Dieses Feld ist erforderlich.')).length).toBe(2);
    expect(onSaved).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks for all three fuel values of a slot or none', async () => {
    const { user, dialog, onSaved } = await openDialog();
    await fillRequired(user, dialog);
    await user.type(slot(dialog, 1).getByRole('textbox', { name: /Verbrauch 1/ }), '29,5');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    // Fuel and unit are missing: both fields say so.
    expect(await within(dialog).findAllByText(deFleet.validation.fuelIncomplete)).toHaveLength(2);
    expect(onSaved).not.toHaveBeenCalled();

    await user.clear(slot(dialog, 1).getByRole('textbox', { name: /Verbrauch 1/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onSaved.mock.calls[0][0].vehicle.fuelInformation).toEqual([]);
  });

  it('offers only the units of the chosen fuel and drops a unit that no longer fits', async () => {
    const { user, dialog } = await openDialog();
    const unit = () => slot(dialog, 1).getByRole('combobox', { name: /Einheit 1/ });
    // Without a fuel there is nothing to choose.
    expect(unit()).toHaveAttribute('aria-disabled', 'true');

    await choose(user, slot(dialog, 1).getByRole('combobox', { name: /Kraftstoff 1/ }), 'Diesel (B0)');
    await user.click(unit());
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toEqual(['Keine Angabe', 'L', 'kg']);
    await user.click(screen.getByRole('option', { name: 'L' }));
    expect(unit()).toHaveTextContent('L');

    // Electricity is measured in kWh only: L no longer fits and kWh is the one choice.
    await choose(
      user,
      slot(dialog, 1).getByRole('combobox', { name: /Kraftstoff 1/ }),
      'Strom (Verbrauchsmix DE 2021)',
    );
    expect(unit()).toHaveTextContent('kWh');
    await user.click(unit());
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Keine Angabe', 'kWh']);
  });
});

describe('vehicle form figures and refusals', () => {
  it('checks the year of construction between 1900 and 2100', async () => {
    const { user, dialog, onSaved } = await openDialog();
    await fillRequired(user, dialog);
    const year = within(dialog).getByRole('textbox', { name: 'Baujahr' });
    for (const bad of ['1899', '2101', '20x1']) {
      await user.clear(year);
      await user.type(year, bad);
      await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
      expect(
        await within(dialog).findByText('Bitte ein Jahr zwischen 1900 und 2100 eingeben.'),
      ).toBeInTheDocument();
    }
    expect(onSaved).not.toHaveBeenCalled();
    await user.clear(year);
    await user.type(year, '2100');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onSaved.mock.calls[0][0].vehicle.yearOfConstruction).toBe(2100);
  });

  it('reads numbers with comma or dot decimals and sends them as numbers', async () => {
    const { user, dialog, onSaved } = await openDialog();
    await fillRequired(user, dialog, 'HH-KD 101');
    await choose(user, slot(dialog, 1).getByRole('combobox', { name: /Kraftstoff 1/ }), 'Diesel (B0)');
    await user.type(slot(dialog, 1).getByRole('textbox', { name: /Verbrauch 1/ }), '29,5');
    await choose(user, slot(dialog, 1).getByRole('combobox', { name: /Einheit 1/ }), 'L');
    // A CNG slot picks kg by itself, the only unit of CNG.
    await choose(user, slot(dialog, 2).getByRole('combobox', { name: /Kraftstoff 2/ }), 'CNG (Erdgas, Lkw)');
    await user.type(slot(dialog, 2).getByRole('textbox', { name: /Verbrauch 2/ }), '4.25');
    await user.type(within(dialog).getByRole('textbox', { name: /Max. Nutzlast/ }), '24.000,5');
    await user.type(within(dialog).getByRole('textbox', { name: /Leergewicht/ }), 'viel');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(
      await within(dialog).findByText('Bitte eine Zahl größer oder gleich 0 eingeben.'),
    ).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByRole('textbox', { name: /Leergewicht/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Leergewicht/ }), '7500.75');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      licensePlate: 'HH-KD 101',
      glecVehicleType: TYPES[0].id,
      maxPayload: 24000.5,
      weight: 7500.75,
      fuelInformation: [
        { consumption: 29.5, unitFuelConsumption: 'L', fuelType: 'diesel' },
        { consumption: 4.25, unitFuelConsumption: 'kg', fuelType: 'cng' },
      ],
    });
  });

  it('shows a refused save in the dialog and at the field the server names', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = String(input);
        const master = masterData(url);
        if (master) return master;
        if (init?.method === 'POST')
          return Response.json(
            { code: 50350, message: 'LicensePlateExists', detail: { field: 'licensePlate' } },
            { status: 409 },
          );
        return Response.json({}, { status: 404 });
      }),
    );
    const { user, dialog, onSaved } = await openDialog();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(deErrors.LicensePlateExists);
    expect(within(dialog).getByRole('textbox', { name: /Kennzeichen/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});
