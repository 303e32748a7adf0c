import { beforeAll, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import type { Factor } from '@klimadesk/contract/emission-db/schemas';
import { webTexts } from '../../test/messages.ts';
import { setupTestI18n } from '../../test/render.tsx';
import { ApiError } from '../../app/api.ts';
import {
  emptyFactorForm,
  factorFormSchema,
  factorToForm,
  periodText,
  sectionOptions,
  toFactorInput,
  treatmentOptions,
  type FactorForm,
} from './emissionDb.ts';
import { importIssues, issueColumn, issueText } from './ImportFactorsPage.tsx';

const deEmissionDb = webTexts.de.emissionDb;
const enEmissionDb = webTexts.en.emissionDb;

beforeAll(async () => {
  await setupTestI18n();
  i18n.addResourceBundle('de', 'emissionDb', deEmissionDb, true, true);
  i18n.addResourceBundle('en', 'emissionDb', enEmissionDb, true, true);
});

const form = (over: Partial<FactorForm>): FactorForm => ({
  ...emptyFactorForm(true),
  baseUnit: 'l',
  co2Factor: '2,51279',
  validFrom: '2025-01-01',
  ...over,
});

// DESNZ 2025, diesel (average biofuel blend) per litre: 2.51279 kg CO2e, of which 0.02139 N2O.
const diesel: Factor = {
  id: '11111111-1111-4111-8111-111111111111',
  activityId: '22222222-2222-4222-8222-222222222222',
  activityName: 'Diesel',
  baseUnit: 'l',
  unitTypes: ['volume'],
  co2Factor: 2.51279,
  biogenicCo2Factor: 0.16,
  gases: { co2: 2.48, ch4: 0.0114, n2o: 0.02139 },
  wttFactor: 0.61101,
  countryId: 'GB',
  sourceId: null,
  source: null,
  sourceVersionId: null,
  sourceVersion: null,
  translations: { de: { note: 'Durchschnitt' }, en: { note: null } },
  validFrom: '2025-01-01',
  validUntil: '2025-12-31',
  version: 1,
  year: 2025,
  releaseDate: null,
  providerId: null,
  provider: null,
  coverage: null,
  lcaActivity: null,
  isPublic: true,
  companyId: null,
  company: null,
  externalId: null,
  gwpSet: 'AR5',
  lineageId: '11111111-1111-4111-8111-111111111111',
  withdrawnAt: null,
  withdrawnReason: null,
};

describe('factor form', () => {
  it('reads figures in the UI language: German comma, English dot, thousands as the language writes them', () => {
    const de = toFactorInput(form({ co2Factor: '2,51279', wttFactor: '1.234,5', gasN2o: '' }), 'de', {
      withProvider: true,
    });
    expect(de.co2Factor).toBe(2.51279);
    expect(de.wttFactor).toBe(1234.5);
    expect(de.gases).toEqual({ co2: null, ch4: null, n2o: null });
    const en = toFactorInput(form({ co2Factor: '2.51279', wttFactor: '1,234.5' }), 'en', {
      withProvider: false,
    });
    expect(en.co2Factor).toBe(2.51279);
    expect(en.wttFactor).toBe(1234.5);
    // Companies name no provider (their factors are customer factors).
    expect('providerId' in en).toBe(false);
  });

  it('sends empty optional fields as null and the period as calendar days', () => {
    const input = toFactorInput(form({ validUntil: '', year: '2025', countryId: '' }), 'de', {
      withProvider: true,
    });
    expect(input).toMatchObject({
      validFrom: '2025-01-01',
      validUntil: null,
      year: 2025,
      countryId: null,
      sourceId: null,
      providerId: null,
      translations: { de: { note: null }, en: { note: null } },
    });
  });

  it('shows a stored factor in the language of the form and reads it back unchanged', () => {
    const de = factorToForm(diesel, 'de');
    expect(de.co2Factor).toBe('2,51279');
    expect(de.gasN2o).toBe('0,02139');
    expect(de.noteDe).toBe('Durchschnitt');
    expect(factorToForm(diesel, 'en').wttFactor).toBe('0.61101');
    const back = toFactorInput(de, 'de', { withProvider: true });
    expect(back).toMatchObject({
      co2Factor: 2.51279,
      wttFactor: 0.61101,
      gases: { n2o: 0.02139 },
      countryId: 'GB',
    });
  });

  it('refuses a period that ends before it starts, a missing figure and a non-number', () => {
    const schema = factorFormSchema(() => 'de', i18n.t, { sourceRequired: false });
    const period = schema.safeParse(form({ validFrom: '2025-06-01', validUntil: '2025-05-31' }));
    expect(period.success).toBe(false);
    expect(period.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['validUntil', 'Das Ende darf nicht vor dem Beginn liegen.'],
    ]);
    expect(schema.safeParse(form({ validFrom: '2025-06-01', validUntil: '2025-06-01' })).success).toBe(true);
    const figures = schema.safeParse(form({ co2Factor: '', wttFactor: 'viel' }));
    expect(figures.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['co2Factor', 'validation.required'],
      ['wttFactor', 'validation.invalid'],
    ]);
  });

  it('needs a source for a custom activity only (seed 002 §5)', () => {
    const custom = factorFormSchema(() => 'de', i18n.t, { sourceRequired: true });
    expect(custom.safeParse(form({})).error?.issues.map((i) => i.path.join('.'))).toEqual(['sourceId']);
    expect(custom.safeParse(form({ sourceId: '33333333-3333-4333-8333-333333333333' })).success).toBe(true);
  });

  it('writes a period in the reader’s language, an open end as such', () => {
    expect(periodText(diesel, 'de', i18n.t)).toBe('01.01.2025 – 31.12.2025');
    expect(periodText({ validFrom: '2025-01-01', validUntil: null }, 'en', i18n.getFixedT('en'))).toBe(
      '1 Jan 2025 – open',
    );
  });
});

describe('reference lists', () => {
  it('lists treatments by name in the UI language (seed 002 §3)', () => {
    const de = treatmentOptions('de').map((o) => o.label);
    expect(de).toEqual([...de].sort((a, b) => a.localeCompare(b, 'de')));
    expect(de[0]).toBe('Deponie');
    expect(treatmentOptions('en')[0].label).toBe('Anaerobic digestion');
  });

  it('puts every scope before its sections', () => {
    const ids = sectionOptions('en').map((o) => o.value);
    expect(ids.indexOf('scope1')).toBeLessThan(ids.indexOf('stationary-combustion'));
    expect(ids.indexOf('scope3')).toBeLessThan(ids.indexOf('business-travel'));
  });
});

describe('import issues', () => {
  it('reads the row issues of a refused file and names column and code in words', async () => {
    const err = new ApiError(422, {
      code: 50300,
      message: 'importFailed',
      detail: { errors: [{ row: 3, code: 'invalidNumber', field: 'co2Factor' }] },
    });
    const [issue] = importIssues(err);
    expect(issue).toEqual({ row: 3, code: 'invalidNumber', field: 'co2Factor' });
    expect(issueColumn(issue)).toBe('kg CO2e je Einheit');
    expect(issueText(issue.code)).toBe('Keine gültige Zahl.');
    expect(issueText('periodOverlap')).toMatch(/überschneidet sich/);
    await i18n.changeLanguage('en');
    expect(issueColumn(issue)).toBe('kg CO2e per unit');
    expect(issueText('sourceMandatory')).toBe('An own factor needs a source.');
    await i18n.changeLanguage('de');
    expect(importIssues(new Error('network'))).toEqual([]);
  });
});
