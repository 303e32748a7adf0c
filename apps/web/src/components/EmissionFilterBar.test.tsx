import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useEffect } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { routeMap } from '@klimadesk/contract/routes';
import { renderScreen } from '../test/render.tsx';
import { setupEmissionI18n, stubApi, type Call } from '../test/emissions.tsx';
import { answer, listFixture } from '../test/fixtures.ts';
import type { Answer } from '../app/client.ts';
import { EmissionFilterBar } from './EmissionFilterBar.tsx';
import { buildUrl } from '../app/api.ts';
import { pathOf } from '../app/client.ts';
import { filterQuery, statsQuery, useEmissionFilters, type FilterScope } from './emissionFilters.ts';

let calls: Call[];
let config: Answer<'sessionConfig'>;

const TAGS = listFixture('filterTourTags', [
  { value: 'Kühlung', colorCode: '#1B3A6B', textColor: '#ffffff' },
  { value: 'Express', colorCode: '#FFE082', textColor: '#000000' },
]);
const SHIPPERS = listFixture('filterShipmentShippers', [{ value: 'ACME' }]);

beforeAll(() => setupEmissionI18n('de'));

beforeEach(() => {
  config = { tourStartDate: '2026-03-01', tourEndDate: null, shipmentStartDate: null, shipmentEndDate: null };
  calls = stubApi((url, { method, body }) => {
    if (url === pathOf('updateSessionConfig') && method === 'PATCH') {
      config = { ...config, ...(body as Partial<Answer<'sessionConfig'>>) };
      return answer('updateSessionConfig', config);
    }
    if (url === pathOf('sessionConfig')) return answer('sessionConfig', config);
    if (url.startsWith(pathOf('filterTourTags'))) return answer('filterTourTags', TAGS);
    if (url.startsWith(pathOf('filterShipmentShippers'))) return answer('filterShipmentShippers', SHIPPERS);
  });
});

let setRange: (r: { from: string | null; to: string | null }) => void;

function Harness({ scope }: { scope: FilterScope }) {
  const filters = useEmissionFilters(scope);
  // Handed out after the render, so the test can set a range from outside.
  useEffect(() => {
    setRange = filters.setRange;
  });
  return (
    <>
      <EmissionFilterBar filters={filters} searchLabel="Touren suchen" />
      <output data-testid="applied">
        {filters.ready ? buildUrl(pathOf('tours'), filterQuery(filters.applied)) : 'waiting'}
      </output>
    </>
  );
}

const applied = () => screen.getByTestId('applied').textContent ?? '';

describe('emission filter bar', () => {
  it('starts with the date range the session remembers', async () => {
    await renderScreen(() => <Harness scope="tour" />, '/tours');
    await waitFor(() => expect(applied()).toBe(`${pathOf('tours')}?departureDate%5Bafter%5D=2026-03-01`));
    // The picker shows the remembered day in German order.
    const from = screen.getByRole('group', { name: 'Abfahrt von' });
    const sections = within(from).getAllByRole('spinbutton');
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual(['Tag', 'Monat', 'Jahr']);
    expect(sections.map((s) => s.textContent)).toEqual(['01', '03', '2026']);
  });

  it('sends a changed range to the session configuration of its scope', async () => {
    await renderScreen(() => <Harness scope="shipment" />, '/shipments');
    await waitFor(() => expect(applied()).toBe(pathOf('tours')));
    act(() => setRange({ from: '2026-01-01', to: '2026-01-31' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
        {
          method: 'PATCH',
          url: pathOf('sessionConfig'),
          body: { shipmentStartDate: '2026-01-01', shipmentEndDate: '2026-01-31' },
        },
      ]),
    );
    expect(applied()).toBe(
      `${pathOf('tours')}?departureDate%5Bafter%5D=2026-01-01&departureDate%5Bbefore%5D=2026-01-31`,
    );
  });

  it('keeps an inverted range out of the session and out of the query', async () => {
    await renderScreen(() => <Harness scope="tour" />, '/tours');
    await waitFor(() => expect(applied()).toContain('2026-03-01'));
    act(() => setRange({ from: '2026-03-01', to: '2026-02-01' }));
    expect(await screen.findByText('Das Ende liegt vor dem Beginn.')).toBeVisible();
    expect(applied()).toBe(`${pathOf('tours')}?departureDate%5Bafter%5D=2026-03-01`);
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('offers at most 20 tag suggestions after typing pauses and turns the choice into a chip and a query', async () => {
    const user = userEvent.setup();
    await renderScreen(() => <Harness scope="tour" />, '/tours');
    await waitFor(() => expect(applied()).toContain('2026-03-01'));
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    await user.click(tags);
    await user.type(tags, 'Kü');
    const termUrl = `${pathOf('filterTourTags')}?page=1&limit=20&term=K%C3%BC`;
    await waitFor(() => expect(calls.map((c) => c.url)).toContain(termUrl), { timeout: 3000 });
    await user.click(await screen.findByRole('option', { name: 'Kühlung' }));
    const suggestionCalls = calls.filter((c) => c.url.startsWith(pathOf('filterTourTags')));
    // Typing "K" and "Kü" in quick succession asks once for the term, not per key.
    expect(suggestionCalls.filter((c) => c.url.includes('term=K&'))).toHaveLength(0);
    const chip = screen.getByRole('button', { name: 'Kühlung' });
    expect(chip).toHaveStyle({ color: '#ffffff' });
    await waitFor(() =>
      expect(applied()).toBe(`${pathOf('tours')}?tag=K%C3%BChlung&departureDate%5Bafter%5D=2026-03-01`),
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
    expect(buildUrl(pathOf('tours'), filterQuery(values))).toBe(
      `${pathOf('tours')}?search=Hamburg&tag=a&tag=b&shipper=ACME&departureDate%5Bbefore%5D=2026-02-01`,
    );
    expect(buildUrl(pathOf('tourStats'), statsQuery(values))).toBe(
      `${pathOf('tourStats')}?tag=a&tag=b&shipper=ACME&departureDate%5Bbefore%5D=2026-02-01`,
    );
    // What the API reads back: the contract's query schemas accept both.
    expect(routeMap.tours.query.parse(filterQuery(values))).toMatchObject({
      tag: ['a', 'b'],
      shipper: ['ACME'],
    });
    expect(routeMap.tourStats.query.safeParse(statsQuery(values)).success).toBe(true);
  });
});
