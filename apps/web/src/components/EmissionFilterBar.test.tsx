import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../test/render.tsx';
import { list, setupEmissionI18n, type Call } from '../test/emissions.tsx';
import { EmissionFilterBar } from './EmissionFilterBar.tsx';
import { filterParams, useEmissionFilters, withQuery, type FilterScope } from './emissionFilters.ts';

let calls: Call[];
let config: Record<string, string | null>;

beforeAll(() => setupEmissionI18n('de'));

beforeEach(() => {
  calls = [];
  config = { tourStartDate: '2026-03-01', tourEndDate: null, shipmentStartDate: null, shipmentEndDate: null };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/session-config' && method === 'PATCH') {
        config = { ...config, ...body };
        return Response.json(config);
      }
      if (url === '/api/session-config') return Response.json(config);
      if (url.startsWith('/api/filter-tour-tags')) {
        return Response.json(
          list([
            { value: 'Kühlung', colorCode: '#1B3A6B', textColor: '#ffffff' },
            { value: 'Express', colorCode: '#FFE082', textColor: '#000000' },
          ]),
        );
      }
      if (url.startsWith('/api/filter-shipment-tags/shippers'))
        return Response.json(list([{ value: 'ACME' }]));
      return Response.json({ code: 50310, message: 'notFound' }, { status: 404 });
    }),
  );
});

let setRange: (r: { from: string | null; to: string | null }) => void;

function Harness({ scope }: { scope: FilterScope }) {
  const filters = useEmissionFilters(scope);
  setRange = filters.setRange;
  return (
    <>
      <EmissionFilterBar filters={filters} searchLabel="Touren suchen" />
      <output data-testid="applied">
        {filters.ready ? withQuery('/api/tours', filterParams(filters.applied)) : 'waiting'}
      </output>
    </>
  );
}

const applied = () => screen.getByTestId('applied').textContent ?? '';

describe('emission filter bar', () => {
  it('starts with the date range the session remembers', async () => {
    await renderScreen(() => <Harness scope="tour" />, '/tours');
    await waitFor(() => expect(applied()).toBe('/api/tours?departureDate%5Bafter%5D=2026-03-01'));
    // The picker shows the remembered day in German order.
    const from = screen.getByRole('group', { name: 'Abfahrt von' });
    const sections = within(from).getAllByRole('spinbutton');
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual(['Tag', 'Monat', 'Jahr']);
    expect(sections.map((s) => s.textContent)).toEqual(['01', '03', '2026']);
  });

  it('sends a changed range to the session configuration of its scope', async () => {
    await renderScreen(() => <Harness scope="shipment" />, '/shipments');
    await waitFor(() => expect(applied()).toBe('/api/tours'));
    act(() => setRange({ from: '2026-01-01', to: '2026-01-31' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
        {
          method: 'PATCH',
          url: '/api/session-config',
          body: { shipmentStartDate: '2026-01-01', shipmentEndDate: '2026-01-31' },
        },
      ]),
    );
    expect(applied()).toBe(
      '/api/tours?departureDate%5Bafter%5D=2026-01-01&departureDate%5Bbefore%5D=2026-01-31',
    );
  });

  it('keeps an inverted range out of the session and out of the query', async () => {
    await renderScreen(() => <Harness scope="tour" />, '/tours');
    await waitFor(() => expect(applied()).toContain('2026-03-01'));
    act(() => setRange({ from: '2026-03-01', to: '2026-02-01' }));
    expect(await screen.findByText('Das Ende liegt vor dem Beginn.')).toBeVisible();
    expect(applied()).toBe('/api/tours?departureDate%5Bafter%5D=2026-03-01');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('offers at most 20 tag suggestions after typing pauses and turns the choice into a chip and a query', async () => {
    const user = userEvent.setup();
    await renderScreen(() => <Harness scope="tour" />, '/tours');
    await waitFor(() => expect(applied()).toContain('2026-03-01'));
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    await user.click(tags);
    await user.type(tags, 'Kü');
    const termUrl = '/api/filter-tour-tags?page=1&limit=20&term=K%C3%BC';
    await waitFor(() => expect(calls.map((c) => c.url)).toContain(termUrl), { timeout: 3000 });
    await user.click(await screen.findByRole('option', { name: 'Kühlung' }));
    const suggestionCalls = calls.filter((c) => c.url.startsWith('/api/filter-tour-tags'));
    // Typing "K" and "Kü" in quick succession asks once for the term, not per key.
    expect(suggestionCalls.filter((c) => c.url.includes('term=K&'))).toHaveLength(0);
    const chip = screen.getByRole('button', { name: 'Kühlung' });
    expect(chip).toHaveStyle({ color: '#ffffff' });
    await waitFor(() =>
      expect(applied()).toBe('/api/tours?tag=K%C3%BChlung&departureDate%5Bafter%5D=2026-03-01'),
    );
  });

  it('leaves the free text out of the stats parameters and repeats list keys', () => {
    const values = {
      search: ' Hamburg ',
      tags: ['a', 'b'],
      shippers: ['ACME'],
      from: null,
      to: '2026-02-01',
    };
    expect(withQuery('/api/tours', filterParams(values))).toBe(
      '/api/tours?search=Hamburg&tag=a&tag=b&shipper=ACME&departureDate%5Bbefore%5D=2026-02-01',
    );
    expect(withQuery('/api/dashboard-tour-stats', filterParams(values, { search: false }))).toBe(
      '/api/dashboard-tour-stats?tag=a&tag=b&shipper=ACME&departureDate%5Bbefore%5D=2026-02-01',
    );
  });
});
