import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import type { CfcEntry } from '@klimadesk/contract/cfc/schemas';
import { webTexts } from '../../test/messages.ts';
import { stubApi, type Call } from '../../test/emissions.tsx';
import { answer } from '../../test/fixtures.ts';
import { renderScreen, addTestBundle, setupTestI18n } from '../../test/render.tsx';
import { pathOf } from '../../app/client.ts';
import { EntryTraceLine, MarketTraceLine, RestatementNotice } from './EntryTrace.tsx';

const deCfc = webTexts.de.cfc;
const enCfc = webTexts.en.cfc;

const ID = '66666666-6666-4666-8666-666666666666';
// 120 l of an own fuel at version 1 (2.0 kg/l) = 240 kg; version 2 (2.5 kg/l) would give 300 kg.
const ENTRY = {
  id: ID,
  report: '22222222-2222-4222-8222-222222222222',
  section: 'mobile-combustion',
  co2eKg: 240,
  factorId: '11111111-1111-4111-8111-111111111111',
  factorVersion: 1,
  factorEdition: '2025',
  factorGwpSet: 'AR5',
  restatement: {
    reason: 'newerVersion',
    factorId: '33333333-3333-4333-8333-333333333333',
    factorVersion: 2,
    factorEdition: '2025',
    co2eKg: 300,
  },
} as unknown as CfcEntry;

// 120,000 kWh × the supplier's 0.05 kg/kWh (own factor, version 2) = 6,000 kg market-based.
const POWER = {
  ...ENTRY,
  section: 'electricity',
  co2eMarketKg: 6_000,
  marketBasis: 'supplier',
  marketFactor: 0.05,
  marketFactorUnit: 'kWh',
  marketFactorSource: 'Stadtwerke Musterstadt',
  marketFactorId: '44444444-4444-4444-8444-444444444444',
  marketFactorVersion: 2,
  marketFactorEdition: '2025',
} as unknown as CfcEntry;

/** Runs the checks with the screen in English, then switches back to German. */
async function inEnglish(check: () => void) {
  await act(() => i18n.changeLanguage('en'));
  try {
    check();
  } finally {
    await act(() => i18n.changeLanguage('de'));
  }
}

let calls: Call[];
beforeAll(async () => {
  await setupTestI18n();
  addTestBundle('cfc', deCfc, enCfc);
});
beforeEach(() => {
  calls = stubApi((url, call) => {
    if (url.startsWith(pathOf('cfcRestateEntry', { id: ID })) && call.method === 'POST')
      return answer('cfcRestateEntry', {
        entry: { ...ENTRY, co2eKg: 300, factorVersion: 2, restatement: null },
        before: { co2eKg: 240, factorId: ENTRY.factorId, factorVersion: 1 },
        after: { co2eKg: 300, factorId: '33333333-3333-4333-8333-333333333333', factorVersion: 2 },
      } as never);
    return undefined;
  });
});

describe('entry trace and restatement (issue 33)', () => {
  it('shows the factor version, edition and GWP set, and the newer version with its figure', async () => {
    await renderScreen(() => (
      <>
        <EntryTraceLine entry={ENTRY} />
        <RestatementNotice entry={ENTRY} canWrite />
      </>
    ));
    expect(await screen.findByTestId('cfc-entry-trace', {}, { timeout: 15_000 })).toHaveTextContent(
      'Faktorversion 1 · Ausgabe 2025 · GWP100 AR5',
    );
    expect(screen.getByTestId('cfc-entry-restatement')).toHaveTextContent(
      'Neuere Faktorversion 2 verfügbar: neu 0,300 t.',
    );
    await inEnglish(() => {
      expect(screen.getByTestId('cfc-entry-restatement')).toHaveTextContent(
        'Newer factor version 2 available: new 0.300 t.',
      );
      expect(screen.getByTestId('cfc-entry-trace')).toHaveTextContent(
        'Factor version 1 · edition 2025 · GWP100 AR5',
      );
    });
  }, 60_000);

  it('accepts the restatement with one call; read-only readers get no button', async () => {
    const user = userEvent.setup({ delay: null });
    const view = await renderScreen(() => <RestatementNotice entry={ENTRY} canWrite />);
    await user.click(await screen.findByTestId('cfc-entry-restate', {}, { timeout: 15_000 }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.includes(`/api/cfc/entries/${ID}/restate`))).toBe(
        true,
      ),
    );
    view.unmount();
    await renderScreen(() => <RestatementNotice entry={ENTRY} canWrite={false} />);
    expect(await screen.findByTestId('cfc-entry-restatement')).toBeInTheDocument();
    expect(screen.queryByTestId('cfc-entry-restate')).toBeNull();
  }, 60_000);

  it('traces the market-based supplier factor of a scope 2 entry (value, unit, source, version, edition)', async () => {
    await renderScreen(() => <MarketTraceLine entry={POWER} />);
    expect(await screen.findByTestId('cfc-entry-market-trace', {}, { timeout: 15_000 })).toHaveTextContent(
      'Marktbezogener Faktor 0,05 kg CO₂e / kWh · Stadtwerke Musterstadt · Faktorversion 2 · Ausgabe 2025',
    );
    await inEnglish(() => {
      expect(screen.getByTestId('cfc-entry-market-trace')).toHaveTextContent(
        'Market-based factor 0.05 kg CO₂e / kWh · Stadtwerke Musterstadt · Factor version 2 · edition 2025',
      );
    });
  }, 60_000);

  it('names a newer edition of the source by its edition (DESNZ 2026 after 2025)', async () => {
    // 100 l × 2.6 kg/l (a 2026 edition's diesel factor) = 260 kg.
    const edition = {
      ...ENTRY,
      restatement: { ...ENTRY.restatement, factorVersion: 1, factorEdition: '2026', co2eKg: 260 },
    } as CfcEntry;
    await renderScreen(() => <RestatementNotice entry={edition} canWrite />);
    expect(await screen.findByTestId('cfc-entry-restatement', {}, { timeout: 15_000 })).toHaveTextContent(
      'Neuerer Faktor verfügbar (Ausgabe 2026): neu 0,260 t.',
    );
    await inEnglish(() => {
      expect(screen.getByTestId('cfc-entry-restatement')).toHaveTextContent(
        'Newer factor available (edition 2026): new 0.260 t.',
      );
    });
  }, 60_000);
});
