import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { webTexts } from '../../test/messages.ts';
import { renderScreen, setupTestI18n } from '../../test/render.tsx';
import { WithMe, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { loadRouteFacts, pathOf } from '../../app/client.ts';
import { MappingWizard } from './MappingWizard.tsx';

const deMappings = webTexts.de.mappings;
const enMappings = webTexts.en.mappings;

// The wizard's uploads go through XMLHttpRequest (progress); here they answer at once.
const uploads = vi.hoisted(() => ({ answers: [] as unknown[], urls: [] as string[] }));
vi.mock('../../components/files.ts', async (original) => ({
  ...(await original<typeof import('../../components/files.ts')>()),
  uploadFile: vi.fn(async (url: string) => {
    uploads.urls.push(url);
    return uploads.answers.shift();
  }),
}));

const ME = meFixture({ roles: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN', 'ROLE_CFT_USER'] });
const ID = '00000000-0000-4000-8000-00000000a001';
const field = (id: string, group: string, required = false) => ({
  id,
  group,
  category: 'tour' as const,
  required,
  hints: [],
});
const FIELDS = [
  field('tourReference', 'references', true),
  field('departureDate', 'departure', true),
  field('glecTransportType', 'vehicle'),
  field('weight', 'load', true),
  field('distance', 'distance'),
];
const TITLES = ['Tour', 'Datum', 'Typ', 'Gewicht', 'Distanz (km)'];
const SUGGESTED = ['tourReference', 'departureDate', 'glecTransportType', 'weight', 'distance'];

let calls: Call[];

beforeAll(async () => {
  await setupTestI18n();
  i18n.addResourceBundle('de', 'mappings', deMappings, true, true);
  i18n.addResourceBundle('en', 'mappings', enMappings, true, true);
  await loadRouteFacts();
});

beforeEach(async () => {
  await i18n.changeLanguage('de');
  uploads.answers = [];
  uploads.urls = [];
  calls = stubApi((url, call) => {
    if (url.startsWith(pathOf('me'))) return Response.json(ME);
    if (url.startsWith(pathOf('mappingFields')))
      return answer('mappingFields', listFixture('mappingFields', FIELDS));
    if (url.startsWith(pathOf('checkRequiredField')))
      return answer('checkRequiredField', { code: 20000, message: 'allRequiredFieldsMapped', valid: true });
    if (url.startsWith(pathOf('mappings')) && call.method === 'POST')
      return answer('createMapping', {
        id: ID,
        templateName: 'Touren',
        status: 1,
        mappingFieldCategory: 'tour',
        mappingFormat: 'xlsx',
        formatOptions: { delimiter: ';', decimalSeparator: ',', dateFormat: 'DD.MM.YYYY' },
        mappingDetails: (call.body as { mappingDetails: never[] }).mappingDetails,
        createdAt: '2026-03-02T09:00:00.000Z',
        updatedAt: '2026-03-02T09:00:00.000Z',
        createdBy: null,
        updatedBy: null,
      });
    return undefined;
  });
});

describe('the unit of quantity columns', () => {
  it('asks for the weight unit the title does not name, stores it and shows the computed sample', async () => {
    renderScreen(
      () => (
        <WithMe>
          <MappingWizard mapping={null} canImport onClose={() => {}} />
        </WithMe>
      ),
      '/system/mappings',
    );
    fireEvent.change(await screen.findByLabelText(/Name der Vorlage/), { target: { value: 'Touren' } });
    fireEvent.click(screen.getByRole('radio', { name: /Touren/ }));
    fireEvent.click(screen.getByTestId('mapping-wizard-next'));

    uploads.answers.push({
      titles: TITLES,
      suggestions: TITLES.map((value, i) => ({ value, mappingField: SUGGESTED[i] })),
      rows: 0,
      valid: true,
      issues: [],
    });
    const file = new File(['x'], 'touren.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(await screen.findByTestId('mapping-sample-input'), { target: { files: [file] } });

    // "Gewicht" says no unit: asked, and the wizard waits; "Distanz (km)" names its unit.
    const missing = await screen.findByTestId('mapping-unit-missing');
    expect(missing).toHaveTextContent('Gewicht');
    expect(missing).not.toHaveTextContent('Distanz');
    expect(screen.getByTestId('mapping-wizard-next')).toBeDisabled();
    expect(within(screen.getByTestId('mapping-unit-Distanz (km)')).getByRole('combobox')).toHaveTextContent(
      'Kilometer (km)',
    );

    fireEvent.mouseDown(within(screen.getByTestId('mapping-unit-Gewicht')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Tonnen (t)' }));
    await waitFor(() => expect(screen.queryByTestId('mapping-unit-missing')).toBeNull());

    uploads.answers.push({
      titles: TITLES,
      suggestions: [],
      rows: 1,
      valid: true,
      issues: [],
      sample: {
        row: 2,
        tourReference: 'T1',
        glecVehicleType: 'road_eu_artic_40t_avg_diesel',
        weightKg: 18500,
        distanceKm: 100,
        tkm: 1761.904762,
        co2WtwKg: 167.380952,
        gramsPerTkm: 95,
      },
    });
    fireEvent.click(screen.getByTestId('mapping-wizard-next'));
    const sample = await screen.findByTestId('mapping-sample');
    expect(sample).toHaveTextContent('18.500 kg');
    expect(sample).toHaveTextContent('95 g CO₂e/tkm');
    const created = calls.find(
      (c) => c.method === 'POST' && c.url.startsWith(pathOf('mappings')) && !c.url.includes('check'),
    );
    expect(created?.body).toMatchObject({
      mappingDetails: expect.arrayContaining([
        { value: 'Gewicht', mappingField: 'weight', unit: 't' },
        { value: 'Distanz (km)', mappingField: 'distance', unit: 'km' },
      ]),
    });
  });
});
