import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import type { VsmeReport } from '@klimadesk/contract/vsme/schemas';
import { webTexts } from '../../test/messages.ts';
import { fixture } from '../../test/fixtures.ts';
import { addTestBundle, renderScreen, setupTestI18n } from '../../test/render.tsx';
import { VsmeFootprintNote } from './VsmeFootprintNote.tsx';

const deVsme = webTexts.de.vsme;
const enVsme = webTexts.en.vsme;

const REPORT = '33333333-3333-4333-8333-333333333333';
const CFC = '44444444-4444-4444-8444-444444444444';
const unit = { id: CFC, businessUnit: 'Zentrale Hamburg', urlId: 'zentrale-hamburg' };

/** A report whose footprint has diesel in litres (converted) and the freight take-over in tkm (not). */
const report = fixture('getVsmeReport', {
  id: REPORT,
  year: 2026,
  comprehensive: false,
  periodStart: '2026-01-01',
  periodEnd: '2026-12-31',
  identifierScheme: 'lei',
  identifier: null,
  notApplicable: [],
  currency: 'EUR',
  values: [],
  completeness: [],
  footprint: {
    year: 2026,
    energy: [
      {
        entry: '55555555-5555-4555-8555-555555555555',
        report: unit,
        section: 'mobile-combustion',
        kind: 'fuels',
        amount: 1000,
        unit: 'l',
        activity: { de: 'Diesel (Durchschnitt)', en: 'Diesel (average biofuel blend)' },
        label: 'Diesel',
        fromFreight: false,
        kwh: 9905.675644,
        conversion: {
          fuel: 'Diesel (average biofuel blend)',
          edition: '2025',
          unit: 'l',
          quantity: 1000,
          kwhPerUnit: 2.57082 / 0.25953,
          perUnit: { factor: 2.57082, row: '1_101_1011_8_1' },
          perKwhNet: { factor: 0.25953, row: '1_101_1011_7_1' },
        },
        problem: null,
      },
      {
        entry: '66666666-6666-4666-8666-666666666666',
        report: unit,
        section: 'mobile-combustion',
        kind: 'fuels',
        amount: 120_000,
        unit: 'tkm',
        activity: null,
        label: 'Eigener Fuhrpark (TTW)',
        fromFreight: true,
        kwh: null,
        conversion: null,
        problem: 'noEnergyUnit',
      },
    ],
    freight: { entries: 2, sections: ['mobile-combustion', 'fuel-energy'] },
  },
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
}) as VsmeReport;

beforeAll(async () => {
  await setupTestI18n();
  addTestBundle('vsme', deVsme, enVsme);
});

describe('B3 source note (issue 40)', () => {
  it('shows the diesel turned into kWh with both DESNZ rows', async () => {
    await renderScreen(() => <VsmeFootprintNote report={report} />);
    const note = await screen.findByTestId('vsme-footprint-note');
    // 1.000 l × 9,9057 kWh/l = 9.906 kWh (German figures).
    expect(note.textContent).toContain('1.000 l × 9,9057 kWh/l = 9.906 kWh');
    expect(note.textContent).toContain('2,57082 kg CO₂e/l (Zeile 1_101_1011_8_1)');
    expect(note.textContent).toContain('0,25953 kg CO₂e/kWh Heizwert (Zeile 1_101_1011_7_1)');
  });

  it('names the entry it could not convert, and how freight arrives', async () => {
    await renderScreen(() => <VsmeFootprintNote report={report} />);
    const gaps = await screen.findByTestId('vsme-energy-gaps');
    const gap = within(gaps).getByTestId('vsme-energy-gap-66666666-6666-4666-8666-666666666666');
    expect(gap.textContent).toContain('Eigener Fuhrpark (TTW)');
    expect(gap.textContent).toContain(
      'keine Energie- oder Brennstoffmenge, aus dem Transport-Tool übernommen',
    );
    expect(gaps.textContent).toContain('offen (nicht 0)');
    expect(screen.getByTestId('vsme-freight-note').textContent).toContain(
      '2 Einträge aus dem Transport-Tool',
    );
  });

  it('speaks English too, and tells a report without footprint where the figures come from', async () => {
    const none = { ...report, footprint: null };
    await renderScreen(() => <VsmeFootprintNote report={none} />);
    // renderScreen starts in German; the screen follows a change of language.
    await i18n.changeLanguage('en');
    const note = await screen.findByTestId('vsme-footprint-note');
    expect(note.textContent).toContain('There is no carbon footprint for 2026');
    expect(note.textContent).toContain('counts exactly once');
  });
});
