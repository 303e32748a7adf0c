import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import type { CfcFreightSuggestion } from '@klimadesk/contract/cfc/results';
import { webTexts } from '../../test/messages.ts';
import { stubApi, type Call } from '../../test/emissions.tsx';
import { answer } from '../../test/fixtures.ts';
import { renderScreen, addTestBundle, setupTestI18n } from '../../test/render.tsx';
import type { ReportSection } from './cfc.ts';
import { FreightDialog, freightItems } from './FreightDialog.tsx';
import { pathOf } from '../../app/client.ts';

const deCfc = webTexts.de.cfc;
const enCfc = webTexts.en.cfc;

const REPORT = '33333333-3333-4333-8333-333333333333';
const TAKEN = '66666666-6666-4666-8666-666666666666';

const section = (id: string, name: string, scope: number): ReportSection => ({
  id,
  internalName: id,
  scope,
  parentSection: null,
  subsections: [],
  derivativeSection: null,
  energyMethod: null,
  activityCategory: id,
  weight: 10,
  name,
  helpText: '',
  free: true,
  available: true,
  category: null,
  count: 0,
  hasIncompleteEntries: false,
});
const SECTIONS = [
  section('mobile-combustion', 'Mobile Verbrennung', 1),
  section('fuel-energy', 'Brennstoff- und energiebezogene Emissionen', 3),
  section('upstream-transport', 'Vorgelagerter Transport', 3),
  section('downstream-transport', 'Nachgelagerter Transport', 3),
];

const tours = { path: '/tours', query: { 'departureDate[after]': '2026-01-01' } };
const offer = (
  s: Partial<CfcFreightSuggestion> & Pick<CfcFreightSuggestion, 'kind'>,
): CfcFreightSuggestion => ({
  section: 'upstream-transport',
  sections: ['upstream-transport', 'downstream-transport'],
  name: s.kind,
  count: 1,
  co2eKg: 0,
  tkm: 0,
  entry: null,
  share: 100,
  available: 100,
  takenBy: [],
  overlappingFuelEntries: 0,
  link: tours,
  ...s,
});
const OFFERS = [
  // 12,345,678.9 kg = 12,345.6789 t, shown with three decimals: 12.345,679 t (de) / 12,345.679 t (en).
  offer({
    kind: 'ownFleetTtw',
    name: 'Eigener Fuhrpark: Kraftstoff (TTW)',
    section: 'mobile-combustion',
    sections: ['mobile-combustion'],
    count: 1234,
    co2eKg: 12345678.9,
    entry: TAKEN,
  }),
  offer({
    kind: 'ownFleetWtt',
    name: 'Eigener Fuhrpark: Vorkette des Kraftstoffs (WTT)',
    section: 'fuel-energy',
    sections: ['fuel-energy'],
    count: 1234,
    co2eKg: 2500,
  }),
  offer({
    kind: 'orders',
    name: 'Transportaufträge (WTW)',
    count: 1,
    // 999.4 kg = 0.9994 t → 0,999 t.
    co2eKg: 999.4,
    link: { path: '/basic/orders', query: { 'date[after]': '2026-01-01' } },
  }),
];

let calls: Call[];
beforeAll(async () => {
  await setupTestI18n();
  addTestBundle('cfc', deCfc, enCfc);
});

/** The report's offers, and the apply call's answer. */
const stubOffers = (suggestions: CfcFreightSuggestion[], applied: { created: number; updated: number }) =>
  stubApi((url, call) => {
    if (url === pathOf('cfcFreightSuggestions', { id: REPORT }))
      return answer('cfcFreightSuggestions', { report: REPORT, year: 2026, suggestions });
    if (url === pathOf('cfcApplyFreightSuggestions', { id: REPORT }) && call.method === 'POST')
      return answer('cfcApplyFreightSuggestions', applied);
    return undefined;
  });

beforeEach(() => {
  calls = stubOffers(OFFERS, { created: 1, updated: 1 });
});

const report = { id: REPORT, year: 2026, sections: SECTIONS };

/** Renders the dialog; the answer says whether it asked to be closed. */
async function renderFreight(canApply: boolean): Promise<() => boolean> {
  let closed = false;
  await renderScreen(() => (
    <FreightDialog
      report={report}
      canApply={canApply}
      onClose={() => {
        closed = true;
      }}
    />
  ));
  return () => closed;
}

const posted = () => calls.find((c) => c.method === 'POST');

/** 60 % of the own fleet's fuel and all orders went to Bremen; 2 fuel entries were typed in by hand. */
const BREMEN = { id: '77777777-7777-4777-8777-777777777777', name: 'Lager Bremen' };
const SPLIT = [
  offer({
    kind: 'ownFleetTtw',
    section: 'mobile-combustion',
    sections: ['mobile-combustion'],
    count: 10,
    co2eKg: 20_430,
    share: 40,
    available: 40,
    takenBy: [{ businessUnit: BREMEN, report: TAKEN, share: 60 }],
    overlappingFuelEntries: 2,
  }),
  offer({
    kind: 'orders',
    count: 3,
    co2eKg: 500,
    share: 0,
    available: 0,
    takenBy: [{ businessUnit: BREMEN, report: TAKEN, share: 100 }],
  }),
];

/** The own fleet's fuel to its own section, the orders sent downstream (3.9). */
const FUEL_AND_ORDERS_DOWNSTREAM = [
  { kind: 'ownFleetTtw', section: 'mobile-combustion' },
  { kind: 'orders', section: 'downstream-transport' },
];

describe('freight flow-in (issue 19)', () => {
  it('sends the ticked kinds with the section chosen, else the offer’s own', () => {
    const items = freightItems(OFFERS, new Set(['ownFleetTtw', 'orders'] as const), {
      orders: 'downstream-transport',
    });
    expect(items).toEqual(FUEL_AND_ORDERS_DOWNSTREAM);
  });

  it('lists section, figure, count and link, and applies the selection', async () => {
    const user = userEvent.setup({ delay: null });
    const closed = await renderFreight(true);
    await screen.findByRole(
      'dialog',
      { name: 'Aus dem Transport-Tool übernehmen: 2026' },
      { timeout: 15_000 },
    );
    const ttw = await screen.findByTestId('cfc-freight-ownFleetTtw');
    expect(ttw).toHaveTextContent('12.345,679 t CO₂e');
    expect(ttw).toHaveTextContent('In: Mobile Verbrennung');
    expect(ttw).toHaveTextContent('1.234 Touren');
    expect(ttw).toHaveTextContent('Bereits übernommen');
    expect(within(ttw).getByTestId('cfc-freight-link-ownFleetTtw')).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/tours\?departureDate%5Bafter%5D=2026-01-01$/),
    );
    const orders = screen.getByTestId('cfc-freight-orders');
    expect(orders).toHaveTextContent('1 Auftrag');
    expect(orders).toHaveTextContent('0,999 t CO₂e');
    expect(within(orders).getByTestId('cfc-freight-link-orders')).toHaveTextContent('Zu den Aufträgen');

    // All three are ticked; untick the WTT part and send the orders downstream (3.9).
    expect(screen.getByTestId('cfc-freight-apply')).toHaveTextContent('Übernehmen (3)');
    await user.click(screen.getByTestId('cfc-freight-pick-ownFleetWtt'));
    expect(screen.getByTestId('cfc-freight-apply')).toHaveTextContent('Übernehmen (2)');
    await user.click(within(orders).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Nachgelagerter Transport' }));
    await user.click(screen.getByTestId('cfc-freight-apply'));
    await waitFor(() => expect(closed()).toBe(true));
    expect(posted()?.url).toBe(pathOf('cfcApplyFreightSuggestions', { id: REPORT }));
    expect(posted()?.body).toEqual({ items: FUEL_AND_ORDERS_DOWNSTREAM });
  }, 60_000);

  it('shows where a figure went, offers only the free share and warns of fuel typed in by hand', async () => {
    calls = stubOffers(SPLIT, { created: 1, updated: 0 });
    const user = userEvent.setup({ delay: null });
    await renderFreight(true);
    const ttw = await screen.findByTestId('cfc-freight-ownFleetTtw', undefined, { timeout: 15_000 });
    expect(within(ttw).getByTestId('cfc-freight-taken-by-ownFleetTtw')).toHaveTextContent(
      'Bereits übernommen von: Lager Bremen (60 %). Frei: 40 %.',
    );
    expect(within(ttw).getByTestId('cfc-freight-overlap-ownFleetTtw')).toHaveTextContent(
      '2 von Hand erfasste Kraftstoffeinträge',
    );
    // The orders went to Bremen in full: shown, not ticked, not sent.
    expect(screen.getByTestId('cfc-freight-taken-by-orders')).toHaveTextContent('Lager Bremen (100 %)');
    expect(screen.getByTestId('cfc-freight-pick-orders')).toBeDisabled();
    expect(screen.getByTestId('cfc-freight-apply')).toHaveTextContent('Übernehmen (1)');
    const share = screen.getByTestId('cfc-freight-share-ownFleetTtw');
    expect(share).toHaveValue(40);
    await user.clear(share);
    await user.type(share, '25');
    await user.click(screen.getByTestId('cfc-freight-apply'));
    await waitFor(() => expect(posted()).toBeDefined());
    expect(posted()?.body).toEqual({
      items: [{ kind: 'ownFleetTtw', section: 'mobile-combustion', share: 25 }],
    });
  }, 60_000);

  it('shows read-only users the figures (English) without taking anything over', async () => {
    await renderFreight(false);
    await i18n.changeLanguage('en');
    const ttw = await screen.findByTestId('cfc-freight-ownFleetTtw', undefined, { timeout: 15_000 });
    expect(ttw).toHaveTextContent('12,345.679 t CO₂e');
    expect(ttw).toHaveTextContent('1,234 tours');
    expect(screen.getByTestId('cfc-freight-readonly')).toHaveTextContent(
      'You can view the figures but not take them over.',
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('cfc-freight-apply')).toBeDisabled();
    expect(screen.getByTestId('cfc-freight-apply')).toHaveTextContent(/^Take over$/);
    expect(posted()).toBeUndefined();
    await i18n.changeLanguage('de');
  }, 60_000);
});
