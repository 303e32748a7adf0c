import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../test/render.tsx';
import { setupEmissionI18n, stubApi, type Call } from '../../test/emissions.tsx';
import { answer, listFixture } from '../../test/fixtures.ts';
import { ExportJobsPage } from './ExportJobsPage.tsx';
import type { ExportJob } from './exportsApi.ts';
import { type Answer, loadRouteFacts, pathOf } from '../../app/client.ts';

const ID = '00000000-0000-4000-8000-0000000000e1';
const job = (status: number, progress: number): ExportJob => ({
  id: ID,
  kind: 'tours',
  status,
  progress,
  totalRows: status === 2 ? 1234 : 0,
  exportStartTime: '2026-03-02T09:00:00.000Z',
  exportEndTime: status === 2 ? '2026-03-02T09:00:05.000Z' : null,
  exportedBy: 'Uwe Nutzer',
  fileName: 'touren.xlsx',
  downloadUrl: status === 2 ? pathOf('downloadExportJob', { id: ID }) : null,
  availableUntil: status === 2 ? '2026-03-09T09:00:05.000Z' : null,
  filters: {},
  message: null,
});

let RUNNING: Answer<'exportJobs'>;
let FINISHED: Answer<'exportJobs'>;
let calls: Call[];
let progressAnswers: { status: number; progress: number }[];

beforeAll(async () => {
  await setupEmissionI18n('de');
  // The finished job's download path needs the route facts.
  await loadRouteFacts();
  // Checked against the contract once, so a drifted fixture fails here and not as a network error.
  RUNNING = listFixture('exportJobs', [job(1, 10)]);
  FINISHED = listFixture('exportJobs', [job(2, 100)]);
});

beforeEach(() => {
  progressAnswers = [
    { status: 1, progress: 40 },
    { status: 2, progress: 100 },
  ];
  let finished = false;
  calls = stubApi((url) => {
    if (url.startsWith(pathOf('exportJobProgress'))) {
      const next = progressAnswers.shift() ?? { status: 2, progress: 100 };
      if (next.status >= 2) finished = true;
      return answer('exportJobProgress', listFixture('exportJobProgress', [{ id: ID, ...next }]));
    }
    if (url.startsWith(pathOf('exportJobs'))) return answer('exportJobs', finished ? FINISHED : RUNNING);
  });
});

const progressCalls = () => calls.filter((c) => c.url.startsWith(pathOf('exportJobProgress')));

describe('export jobs', () => {
  it('polls unfinished jobs, reloads the finished one and then stops polling', async () => {
    await renderScreen(() => <ExportJobsPage pollMs={40} />, '/system/export-jobs');
    expect(await screen.findByRole('progressbar', { name: 'Fortschritt von touren.xlsx' })).toBeVisible();
    expect(progressCalls()[0].url).toBe(`${pathOf('exportJobProgress')}?ids=${ID}`);

    const link = await screen.findByRole('link', { name: 'touren.xlsx herunterladen' });
    expect(link).toHaveAttribute('href', pathOf('downloadExportJob', { id: ID }));
    expect(screen.getByTestId('export-status')).toHaveTextContent('Fertig');
    expect(screen.getByRole('row', { name: /touren\.xlsx herunterladen/ })).toHaveTextContent('1.234');
    expect(screen.queryByRole('progressbar')).toBeNull();

    const polled = progressCalls().length;
    await new Promise((r) => setTimeout(r, 200));
    expect(progressCalls()).toHaveLength(polled);
    expect(polled).toBeGreaterThanOrEqual(2);
  });
});
