import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Activity } from '@klimadesk/contract/emission-db/schemas';
import { webTexts } from '../../test/messages.ts';
import { stubApi, type Call } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { renderScreen, addTestBundle, setupTestI18n } from '../../test/render.tsx';
import type { ReportSection } from './cfc.ts';
import { EntryDialog } from './EntryDialog.tsx';
import { pathOf } from '../../app/client.ts';

const deCfc = webTexts.de.cfc;
const enCfc = webTexts.en.cfc;

const REPORT = '33333333-3333-4333-8333-333333333333';
const DIESEL: Activity = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Diesel (durchschnittliche Biokraftstoffbeimischung)',
  description: null,
  synonyms: [],
  internalName: null,
  categories: ['mobile-combustion'],
  translations: {
    de: { name: 'Diesel (durchschnittliche Biokraftstoffbeimischung)', description: null, synonyms: [] },
    en: { name: 'Diesel (average biofuel blend)', description: null, synonyms: [] },
  },
  treatmentId: null,
  isCustom: false,
  companyId: null,
  factorCount: 4,
  baseUnits: ['l', 'kWh-net'],
  countries: [],
  sources: [],
  // DESNZ 2025 diesel (average biofuel blend): 2.57082 kg CO2e per litre.
  factorPreview: [{ value: 2.57082, unit: 'l', country: null, source: 'DESNZ', year: 2025 }],
};

const MOBILE: ReportSection = {
  id: 'mobile-combustion',
  internalName: 'mobile-combustion',
  scope: 1,
  parentSection: 'scope1',
  subsections: [],
  derivativeSection: 'fuel-energy',
  energyMethod: null,
  activityCategory: 'mobile-combustion',
  weight: 30,
  name: 'Mobile Verbrennung',
  helpText: '',
  free: true,
  available: true,
  category: null,
  count: 0,
  hasIncompleteEntries: false,
};

// The save's answer; the dialog only closes on it (figure: 10,000 L × 2.57082 kg CO2e/L = 25,708.2 kg).
const SAVED = {
  id: '66666666-6666-4666-8666-666666666666',
  report: REPORT,
  section: 'mobile-combustion',
  activity: DIESEL.id,
  amount: 10000,
  unit: 'l',
  country: null,
  dataSource: 'Tankkarten',
  dataQuality: 1 as const,
  emissionFactor: null,
  emissionFactorName: null,
  daysPerYear: null,
  employees: null,
  vehicles: null,
  passengers: null,
  nights: null,
  rooms: null,
  substance: null,
  fuel: 'Diesel',
  wasteGroup: null,
  wasteType: null,
  treatment: null,
  travelClass: null,
  flightType: null,
  note: null,
  activityName: DIESEL.name,
  co2eKg: 25708.2,
  co2eMarketKg: null,
  marketBasis: null,
  marketFactor: null,
  marketFactorUnit: null,
  marketFactorSource: null,
  marketFactorId: null,
  marketFactorVersion: null,
  marketFactorEdition: null,
  wttKg: null,
  co2Kg: null,
  ch4Kg: null,
  n2oKg: null,
  biogenicCo2Kg: null,
  factor: 2.57082,
  factorUnit: 'l',
  factorSource: 'DESNZ 2025',
  factorYear: 2025,
  quantity: 10000,
  errorCode: null,
  origin: null,
  documents: [],
  factorId: null,
  factorVersion: null,
  factorEdition: null,
  factorGwpSet: null,
  restatement: null,
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
};

let calls: Call[];
beforeAll(async () => {
  await setupTestI18n();
  addTestBundle('cfc', deCfc, enCfc);
});

beforeEach(() => {
  calls = stubApi((url) => {
    if (url.startsWith(pathOf('searchActivities')))
      return answer('searchActivities', listFixture('searchActivities', [DIESEL]));
    if (url.startsWith(pathOf('countries'))) return answer('countries', listFixture('countries', []));
    if (url.startsWith(pathOf('cfcSaveEntry'))) return answer('cfcSaveEntry', SAVED);
    return undefined;
  });
});

describe('entry dialog (seed 001 §3, §5)', () => {
  it('searches the section’s activities and refuses a save without the required values', async () => {
    const user = userEvent.setup({ delay: null });
    await renderScreen(() => (
      <EntryDialog report={REPORT} gwpSet="AR6" section={MOBILE} entry={null} onClose={() => {}} />
    ));
    await screen.findByRole('dialog', { name: 'Neuer Eintrag: Mobile Verbrennung' }, { timeout: 15_000 });
    await waitFor(() => expect(calls.some((c) => c.url.includes('categories=mobile-combustion'))).toBe(true));
    // Only activities with factors of the report's GWP set are offered (issue 33).
    expect(calls.some((c) => c.url.includes('gwpSet=AR6'))).toBe(true);
    await user.click(screen.getByTestId('cfc-entry-save'));
    // Amount, data source, fuel and (without an activity) the own factor are marked; nothing is sent.
    expect(await screen.findAllByText('Dieses Feld ist erforderlich.')).not.toHaveLength(0);
    expect(screen.getByTestId('cfc-entry-amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('cfc-entry-source')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('cfc-entry-fuel')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('cfc-entry-factor')).toHaveAttribute('aria-invalid', 'true');
    // Vehicles are optional.
    expect(screen.getByTestId('cfc-entry-vehicles')).toHaveAttribute('aria-invalid', 'false');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  }, 60_000);

  it('saves the activity, the German amount, its unit and the section’s fields', async () => {
    const user = userEvent.setup({ delay: null });
    let closed = false;
    await renderScreen(() => (
      <EntryDialog
        report={REPORT}
        gwpSet="AR5"
        section={MOBILE}
        entry={null}
        onClose={() => {
          closed = true;
        }}
      />
    ));
    const activity = await screen.findByTestId('cfc-entry-activity', undefined, { timeout: 15_000 });
    await user.type(activity, 'Diesel');
    // The option tells the factors behind the name apart: value, unit, region and source.
    const option = await screen.findByRole('option', { name: (n) => n.startsWith(DIESEL.name) });
    expect(option).toHaveTextContent('2,57082 kg CO₂e/l · alle Länder · DESNZ 2025');
    expect(option).toHaveTextContent('und 3 weitere Faktoren');
    await user.click(option);
    await user.type(screen.getByTestId('cfc-entry-amount'), '10.000');
    await user.type(screen.getByTestId('cfc-entry-source'), 'Tankkarten');
    await user.type(screen.getByTestId('cfc-entry-fuel'), 'Diesel');
    await user.click(screen.getByTestId('cfc-entry-save'));
    await waitFor(() => expect(closed).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe(pathOf('cfcSaveEntry'));
    // The unit follows the activity's first unit (litres); the German "10.000" is ten thousand.
    expect(post?.body).toMatchObject({
      report: REPORT,
      section: 'mobile-combustion',
      activity: DIESEL.id,
      amount: 10000,
      unit: 'l',
      dataSource: 'Tankkarten',
      fuel: 'Diesel',
      vehicles: null,
      passengers: null,
    });
  }, 60_000);
});
