import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridColDef } from '@mui/x-data-grid';
import { renderScreen } from '../test/render.tsx';
import { DataTable } from './DataTable.tsx';
import { useTableState } from './tableState.ts';

type Row = { id: string; name: string; total: number };
const ROWS: Row[] = [
  { id: 'a', name: 'Hamburg → Rotterdam', total: 1234.5 },
  { id: 'b', name: 'Rotterdam → Shanghai', total: 98_765.25 },
];
const COLUMNS: GridColDef<Row>[] = [
  { field: 'name', headerName: 'Strecke', width: 260 },
  {
    field: 'total',
    headerName: 'Emissionen gesamt (kg CO2e)',
    width: 220,
    valueFormatter: (v: number) => v.toLocaleString('de-DE', { minimumFractionDigits: 2 }),
  },
];
// A cell that needs the grid's API falls back to its plain value outside the grid.
const WITH_API_CELL: GridColDef<Row>[] = [
  ...COLUMNS,
  {
    field: 'broken',
    headerName: 'Extra',
    width: 120,
    renderCell: (p) => (p.api as never as { x: () => string }).x(),
  },
];

function Table({ columns = COLUMNS, onSort }: { columns?: GridColDef<Row>[]; onSort?: (q: object) => void }) {
  const state = useTableState('test-cards', {});
  onSort?.(state.query);
  return <DataTable label="Strecken" columns={columns} rows={ROWS} rowCount={2} state={state} />;
}

const setWidth = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport: (v: { width: number; height: number }) => void } }
  ).happyDOM.setViewport({
    width,
    height: 900,
  });

afterEach(() => setWidth(1024));

describe('tables on a phone (issue 37)', () => {
  it('show each row as a card with every column named, nothing cut at the right edge', async () => {
    setWidth(390);
    await renderScreen(() => <Table columns={WITH_API_CELL} />);
    const list = await screen.findByRole('list', { name: 'Strecken' });
    const cards = within(list).getAllByTestId('table-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]).getByText('Emissionen gesamt (kg CO2e)')).toBeInTheDocument();
    expect(within(cards[1]).getByText('98.765,25')).toBeInTheDocument();
    expect(within(cards[0]).getByText('Hamburg → Rotterdam')).toBeInTheDocument();
    expect(within(cards[0]).getByText('Extra').nextElementSibling?.textContent).toBe('–');
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('sort by a column and direction on the one sort state of the table, as the headers do', async () => {
    setWidth(390);
    localStorage.removeItem('kd_table:test-cards');
    const queries: object[] = [];
    const user = userEvent.setup();
    const columns: GridColDef<Row>[] = [...COLUMNS, { field: 'note', headerName: 'Notiz', sortable: false }];
    await renderScreen(() => <Table columns={columns} onSort={(q) => queries.push(q)} />);
    const field = await screen.findByRole('combobox', { name: 'Sortieren nach' });
    // Columns the headers cannot sort by are not offered.
    expect(
      within(field)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Ohne Sortierung', 'Strecke', 'Emissionen gesamt (kg CO2e)']);
    expect(screen.getByRole('button', { name: 'Absteigend sortieren' })).toBeDisabled();
    await user.selectOptions(field, 'total');
    expect(queries.at(-1)).toMatchObject({ 'order[total]': 'asc', page: 1 });
    await user.click(screen.getByRole('button', { name: 'Absteigend sortieren' }));
    expect(queries.at(-1)).toMatchObject({ 'order[total]': 'desc' });
    // The choice is the grid's stored sort: a wide screen's headers start with it.
    expect(JSON.parse(localStorage.getItem('kd_table:test-cards') ?? '{}').sort).toEqual([
      { field: 'total', sort: 'desc' },
    ]);
    await user.selectOptions(field, '');
    expect(queries.at(-1)).not.toHaveProperty('order[total]');
  });

  it('stay a grid on a wide screen', async () => {
    await renderScreen(() => <Table />);
    expect(await screen.findByRole('grid', { name: 'Strecken' })).toBeInTheDocument();
    expect(screen.queryByTestId('table-cards')).toBeNull();
  });
});
