import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import type { MaterialityAnalysis } from '@klimadesk/contract/csrd/schemas';
import { webTexts } from '../../test/messages.ts';
import { pathOf } from '../../app/client.ts';
import { renderSignedIn, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { meFixture } from '../../test/me.ts';
import { setupTestI18n } from '../../test/render.tsx';
import { MaterialityOverviewPage } from './MaterialityOverviewPage.tsx';
import { materialityAnalysisFixture } from './csrdFixtures.ts';

const deCsrd = webTexts.de.csrd;

const NOW = Date.now();
const analysis = (n: number, deletedAt: string | null): MaterialityAnalysis =>
  materialityAnalysisFixture({
    id: `11111111-1111-4111-8111-00000000000${n}`,
    name: `Analyse ${n}`,
    deletedAt,
  });
// Analyse 2 was marked and can be restored for 5 more hours (seed 001 §4).
const active = analysis(1, null);
const marked = analysis(2, new Date(NOW + 5 * 3_600_000 - 60_000).toISOString());

/** The row texts of an analysis, as the German locale words them. */
const aria = (key: 'moreAria', name: string) => deCsrd.analysis[key].replace('{{name}}', name);

let calls: Call[];
const patches = () => calls.filter((c) => c.method === 'PATCH');

beforeAll(async () => {
  await setupTestI18n();
  i18n.addResourceBundle('de', 'csrd', deCsrd, true, true);
});

function stub(roles: string[]) {
  calls = stubApi((url, call) => {
    if (url.startsWith(pathOf('me')))
      return answer('me', meFixture({ roles: roles as never, module: 'csrd', modules: ['csrd'] }));
    if (url.startsWith(pathOf('materialityAnalyses')) && call.method === 'GET')
      return answer('materialityAnalyses', listFixture('materialityAnalyses', [active, marked]));
    if (call.method === 'PATCH')
      return answer('updateMaterialityAnalysis', { ...active, ...(call.body as object) });
    return undefined;
  });
}

describe('analyses list: delete and restore (seed 001 §4)', () => {
  beforeEach(() => stub(['ROLE_CSRD_USER']));

  it('marks an active analysis after asking, and shows a marked one greyed out with its hours left', async () => {
    const user = userEvent.setup();
    await renderSignedIn(() => <MaterialityOverviewPage />, '/materiality/overview');
    // The marked analysis is plain text, not a link, and its status counts the hours to restore.
    expect(await screen.findByTestId('analysis-open-Analyse 1', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('analysis-open-Analyse 2')).toBeNull();
    expect(screen.getByText('Analyse 2')).toBeTruthy();
    expect(screen.getByText('Gelöscht – wiederherstellbar noch 5 Std.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: aria('moreAria', 'Analyse 1') }));
    await user.click(await screen.findByRole('menuitem', { name: 'Löschen' }));
    expect(screen.getByText('Analyse löschen?')).toBeTruthy();
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].url).toContain(active.id);
    const { deletedAt } = patches()[0].body as { deletedAt: string };
    expect(Math.abs(new Date(deletedAt).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('restores a marked analysis with deletedAt null, and offers it nothing else', async () => {
    const user = userEvent.setup();
    await renderSignedIn(() => <MaterialityOverviewPage />, '/materiality/overview');
    const restore = await screen.findByTestId('analysis-restore-Analyse 2', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: aria('moreAria', 'Analyse 2') })).toBeNull();
    await user.click(restore);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Wiederherstellen' }),
    );
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({
      url: expect.stringContaining(marked.id),
      body: { deletedAt: null },
    });
  });

  it('offers read-only users neither delete nor restore', async () => {
    stub(['ROLE_CSRD_READ_ONLY']);
    await renderSignedIn(() => <MaterialityOverviewPage />, '/materiality/overview');
    expect(await screen.findByTestId('analysis-open-Analyse 1', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('analysis-restore-Analyse 2')).toBeNull();
    // The row menu keeps the export, without the delete.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: aria('moreAria', 'Analyse 1') }));
    expect(await screen.findByRole('menuitem', { name: deCsrd.analysis.export })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Löschen' })).toBeNull();
  });
});
