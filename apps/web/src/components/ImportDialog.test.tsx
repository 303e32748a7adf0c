import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, setupTestI18n } from '../test/render.tsx';
import { stubApi } from '../test/emissions.tsx';
import { answer, fixture } from '../test/fixtures.ts';
import { type Answer, loadRouteFacts } from '../app/client.ts';
import { ImportDialog } from './ImportDialog.tsx';

// The dialog reads the run every POLL_MS (0.7 s): the end shows after a few reads.
const ENDED = { timeout: 5000 };

const RUN_ID = '00000000-0000-4000-8000-0000000000a1';
const run = (over: Partial<Answer<'importRun'>>): Answer<'importRun'> =>
  fixture('importRun', {
    id: RUN_ID,
    kind: 'vehicles',
    fileName: 'fahrzeuge.xlsx',
    status: 'queued',
    progress: 0,
    uploadedAt: '2026-11-28T10:00:00.000Z',
    finishedAt: null,
    result: null,
    error: null,
    issues: [],
    issueCount: 0,
    ...over,
  });

const file = () =>
  new File(['PK'], 'fahrzeuge.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

beforeAll(async () => {
  await setupTestI18n();
});

let states: Answer<'importRun'>[];
let cancelled: boolean;
beforeEach(async () => {
  cancelled = false;
  stubApi((url, call) => {
    if (url.includes(`/api/import-runs/${RUN_ID}/cancel`) && call.method === 'POST') {
      cancelled = true;
      states = [run({ status: 'cancelled', progress: 40 })];
      return answer('cancelImportRun', run({ status: 'cancelled', progress: 40 }));
    }
    if (url.endsWith(`/api/import-runs/${RUN_ID}`))
      return answer('importRun', states.length > 1 ? states.shift()! : states[0]);
    return undefined;
  });
  await loadRouteFacts();
});

function renderDialog(start: () => Promise<Answer<'importRun'>>, onDone = vi.fn()) {
  return renderScreen(() => (
    <ImportDialog
      id="kit"
      title="Fahrzeuge importieren"
      text="Eine Datei im Format .xlsx oder .csv."
      accept=".xlsx,.csv"
      start={start}
      columnLabel={(c) => (c === 'licensePlate' ? 'Kennzeichen' : (c ?? '–'))}
      issueText={(code) => (code === 'LicensePlateExists' ? 'Kennzeichen doppelt' : code)}
      doneText={(r) => `${String(r.created)} neu`}
      onDone={onDone}
      onClose={() => {}}
    />
  ));
}

describe('the one import dialog', () => {
  it('sends the file, shows the job’s progress and the finished counts', async () => {
    const user = userEvent.setup({ delay: null });
    const onDone = vi.fn();
    states = [
      run({ status: 'running', progress: 40 }),
      run({ status: 'done', progress: 100, result: { created: 3, updated: 0 } }),
    ];
    await renderDialog(async () => run({}), onDone);
    await user.upload(screen.getByTestId('kit-file'), file());
    expect(screen.getByTestId('kit-file-name')).toHaveTextContent('fahrzeuge.xlsx');
    await user.click(screen.getByTestId('kit-start'));
    expect(await screen.findByTestId('kit-done', {}, ENDED)).toHaveTextContent('3 neu');
    expect(onDone).toHaveBeenCalledWith({ created: 3, updated: 0 });
  });

  it('lists a refused file’s row issues in the module’s words with their download', async () => {
    const user = userEvent.setup({ delay: null });
    states = [
      run({
        status: 'failed',
        progress: 100,
        error: { code: 50400, message: 'importFailed' },
        issues: [{ row: 4, column: 'licensePlate', code: 'LicensePlateExists', value: null }],
        issueCount: 1,
      }),
    ];
    await renderDialog(async () => run({}));
    await user.upload(screen.getByTestId('kit-file'), file());
    await user.click(screen.getByTestId('kit-start'));
    expect(await screen.findByTestId('kit-error', {}, ENDED)).toHaveTextContent(
      'Die Datei enthält 1 Fehler. Es wurde nichts importiert.',
    );
    const rows = within(screen.getByTestId('kit-issues')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['ZeileSpalteFehler', '4KennzeichenKennzeichen doppelt']);
    expect(screen.getByTestId('kit-issues-xlsx')).toBeEnabled();
    expect(screen.getByTestId('kit-issues-csv')).toBeEnabled();
    // Fixing the file means sending it again from the same dialog.
    expect(screen.getByTestId('kit-start')).toHaveTextContent('Erneut importieren');
  });

  it('cancels a running import', async () => {
    const user = userEvent.setup({ delay: null });
    states = [run({ status: 'running', progress: 40 })];
    await renderDialog(async () => run({ status: 'running', progress: 10 }));
    await user.upload(screen.getByTestId('kit-file'), file());
    await user.click(screen.getByTestId('kit-start'));
    await user.click(await screen.findByTestId('kit-cancel', {}, ENDED));
    expect(await screen.findByTestId('kit-cancelled', {}, ENDED)).toHaveTextContent(
      'Der Import wurde abgebrochen.',
    );
    expect(cancelled).toBe(true);
  });

  it('refuses a file of another type before sending it', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const start = vi.fn(async () => run({}));
    await renderDialog(start);
    await user.upload(
      screen.getByTestId('kit-file'),
      new File(['%PDF'], 'fahrzeuge.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByTestId('kit-error')).toHaveTextContent('.xlsx, .csv');
    expect(screen.getByTestId('kit-start')).toBeDisabled();
    await waitFor(() => expect(start).not.toHaveBeenCalled());
  });
});
