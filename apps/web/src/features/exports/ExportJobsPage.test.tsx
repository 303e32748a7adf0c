import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../test/render.tsx';
import { list, setupEmissionI18n, type Call } from '../../test/emissions.tsx';
import { ExportJobsPage } from './ExportJobsPage.tsx';

const ID = '00000000-0000-4000-8000-0000000000e1';
const job = (status: number, progress: number) => ({
  id: ID,
  kind: 'tours',
  status,
  progress,
  totalRows: status === 2 ? 1234 : 0,
  exportStartTime: '2026-03-02T09:00:00.000Z',
  exportEndTime: status === 2 ? '2026-03-02T09:00:05.000Z' : null,
  exportedBy: 'Uwe Nutzer',
  fileName: 'touren.xlsx',
  downloadUrl: status === 2 ? `/api/export-jobs/${ID}/download` : null,
  availableUntil: status === 2 ? '2026-03-09T09:00:05.000Z' : null,
  filters: {},
  message: null,
});

let calls: Call[];
let progressAnswers: { status: number; progress: number }[];

beforeAll(() => setupEmissionI18n('de'));

beforeEach(() => {
  calls = [];
  progressAnswers = [
    { status: 1, progress: 40 },
    { status: 2, progress: 100 },
  ];
  let finished = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      calls.push({ method: 'GET', url, body: undefined });
      if (url.startsWith('/api/export-jobs/progress')) {
        const next = progressAnswers.shift() ?? { status: 2, progress: 100 };
        if (next.status >= 2) finished = true;
        return Response.json(list([{ id: ID, ...next }]));
      }
      if (url.startsWith('/api/export-jobs'))
        return Response.json(list([finished ? job(2, 100) : job(1, 10)]));
      return Response.json({ code: 50310, message: 'notFound' }, { status: 404 });
    }),
  );
});

const progressCalls = () => calls.filter((c) => c.url.startsWith('/api/export-jobs/progress'));

describe('export jobs', () => {
  it('polls unfinished jobs, reloads the finished one and then stops polling', async () => {
    await renderScreen(() => <ExportJobsPage pollMs={40} />, '/system/export-jobs');
    expect(await screen.findByRole('progressbar', { name: 'Fortschritt von touren.xlsx' })).toBeVisible();
    expect(progressCalls()[0].url).toBe(`/api/export-jobs/progress?ids=${ID}`);

    const link = await screen.findByRole('link', { name: 'touren.xlsx herunterladen' });
    expect(link).toHaveAttribute('href', `/api/export-jobs/${ID}/download`);
    expect(screen.getByTestId('export-status')).toHaveTextContent('Fertig');
    expect(screen.getByRole('row', { name: /touren\.xlsx herunterladen/ })).toHaveTextContent('1.234');
    expect(screen.queryByRole('progressbar')).toBeNull();

    const polled = progressCalls().length;
    await new Promise((r) => setTimeout(r, 200));
    expect(progressCalls()).toHaveLength(polled);
    expect(polled).toBeGreaterThanOrEqual(2);
  });
});
