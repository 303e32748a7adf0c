import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EditOutlined from '@mui/icons-material/EditOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { queryOptions, type Answer, pathOf } from '../app/client.ts';
import { answer, errorAnswer } from '../test/fixtures.ts';
import { renderScreen } from '../test/render.tsx';
import { EntityListPage, FilterSelect, editDeleteActions, useEntityList } from './EntityListPage.tsx';

type Mapping = Answer<'mappings'>['hydra:member'][number];

const mapping = (n: number): Mapping => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  templateName: `Vorlage ${n}`,
  status: 1,
  mappingFieldCategory: 'tour',
  mappingFormat: 'xlsx',
  formatOptions: { delimiter: ';', decimalSeparator: ',', dateFormat: 'DD.MM.YYYY' },
  mappingDetails: [],
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
  createdBy: null,
  updatedBy: null,
});

/** The query of every list request, in order. */
let queries: Record<string, string>[];
let total: number;

beforeEach(() => {
  localStorage.clear();
  queries = [];
  total = 25;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== pathOf('mappings')) return errorAnswer('notFound');
      queries.push(Object.fromEntries(url.searchParams));
      const rows = total === 0 ? [] : [mapping(1), mapping(2)];
      return answer('mappings', { 'hydra:member': rows, 'hydra:totalItems': total });
    }),
  );
});

const COLUMNS: GridColDef<Mapping>[] = [{ field: 'templateName', headerName: 'Name', flex: 1 }];
const edit = vi.fn<(m: Mapping) => void>();
const remove = vi.fn<(m: Mapping) => void>();

function Templates() {
  const list = useEntityList<Mapping, 'all' | '1' | '3'>({
    table: 'test-mappings',
    sort: [{ field: 'templateName', sort: 'asc' }],
    status: 'all',
    source: (query) => queryOptions('mappings', { query }),
  });
  return (
    <EntityListPage
      list={list}
      title="Vorlagen"
      search={{ label: 'Vorlagen suchen' }}
      status={{
        label: 'Status',
        id: 'test-status',
        options: [
          { value: 'all', label: 'Alle' },
          { value: '1', label: 'Aktiv' },
          { value: '3', label: 'Inaktiv' },
        ],
      }}
      label="Vorlagen"
      testId="test-table"
      columns={COLUMNS}
      rowActions={{
        header: 'Aktionen',
        moreAria: (row) => `Weitere Aktionen für ${row.templateName}`,
        actions: (row) => [
          {
            key: 'edit',
            label: 'Bearbeiten',
            aria: `${row.templateName} bearbeiten`,
            icon: <EditOutlined />,
            onClick: () => edit(row),
          },
          {
            key: 'delete',
            label: 'Löschen',
            icon: <DeleteOutline />,
            onClick: () => remove(row),
            inMenu: true,
          },
        ],
      }}
      blank={<p data-testid="blank">Noch keine Vorlagen</p>}
    />
  );
}

const last = () => queries[queries.length - 1];

describe('EntityListPage', () => {
  it('asks the server for page, size, sort, search and status, and goes back to page 1 on a new filter', async () => {
    const user = userEvent.setup();
    await renderScreen(() => <Templates />);
    await waitFor(() => expect(queries.length).toBeGreaterThan(0));
    expect(last()).toEqual({ page: '1', limit: '10', 'order[templateName]': 'asc', status: 'all' });

    await user.click(await screen.findByRole('button', { name: 'Zur nächsten Seite' }));
    await waitFor(() => expect(last().page).toBe('2'));

    await user.type(screen.getByRole('textbox', { name: 'Vorlagen suchen' }), 'Kühl');
    await waitFor(() => expect(last()).toMatchObject({ page: '1', search: 'Kühl' }));

    await user.click(screen.getByRole('button', { name: 'Inaktiv' }));
    await waitFor(() => expect(last()).toMatchObject({ page: '1', search: 'Kühl', status: '3' }));
  });

  it('keeps the sort in local storage, so the list opens again with it', async () => {
    const user = userEvent.setup();
    const first = await renderScreen(() => <Templates />);
    await user.click(await screen.findByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(last()['order[templateName]']).toBe('desc'));
    expect(JSON.parse(localStorage.getItem('kd_table:test-mappings') ?? '{}').sort).toEqual([
      { field: 'templateName', sort: 'desc' },
    ]);
    first.unmount();

    queries = [];
    await renderScreen(() => <Templates />);
    await waitFor(() => expect(queries[0]?.['order[templateName]']).toBe('desc'));
  });

  it('offers row actions as buttons and in the row menu', async () => {
    const user = userEvent.setup();
    await renderScreen(() => <Templates />);
    await user.click(await screen.findByRole('button', { name: 'Vorlage 2 bearbeiten' }));
    expect(edit).toHaveBeenLastCalledWith(expect.objectContaining({ templateName: 'Vorlage 2' }));

    await user.click(screen.getByRole('button', { name: 'Weitere Aktionen für Vorlage 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Löschen' }));
    expect(remove).toHaveBeenLastCalledWith(expect.objectContaining({ templateName: 'Vorlage 1' }));
  });

  it('shows the blank state only while the unfiltered list is empty', async () => {
    total = 0;
    const user = userEvent.setup();
    await renderScreen(() => <Templates />);
    expect(await screen.findByTestId('blank')).toBeVisible();
    expect(screen.queryByTestId('test-table')).toBeNull();

    // A filter that finds nothing shows the (empty) table, so the filter can be undone there.
    await user.click(screen.getByRole('button', { name: 'Aktiv' }));
    expect(await screen.findByTestId('test-table')).toBeVisible();
    expect(within(screen.getByTestId('test-table')).queryByText('Vorlage 1')).toBeNull();
  });
});

type TourCode = Answer<'tourCodes'>['hydra:member'][number];
type CodeFilters = { code: string; from: string };

/** A list with its own filter controls: a code select and a day, mapped into the route's query. */
function Codes() {
  const list = useEntityList<TourCode, never, CodeFilters>({
    table: 'test-codes',
    filters: { code: '', from: '' },
    source: (query, f) =>
      queryOptions('tourCodes', {
        query: { ...query, code: f.code || undefined, 'createdAt[after]': f.from || undefined },
      }),
  });
  return (
    <EntityListPage
      list={list}
      title="Codes"
      search={{ label: 'Codes suchen' }}
      filters={
        <>
          <FilterSelect
            label="Code"
            value={list.filters.code}
            onChange={(v) => list.setFilter('code', v)}
            all="Alle"
            options={[{ value: 'weightMissing', label: 'Gewicht fehlt' }]}
          />
          <TextField
            label="Ab"
            value={list.filters.from}
            onChange={(e) => list.setFilter('from', e.target.value)}
          />
        </>
      }
      label="Codes"
      testId="codes"
      columns={[{ field: 'code', headerName: 'Code', flex: 1 }]}
    />
  );
}

describe('EntityListPage filter slot', () => {
  let codeQueries: Record<string, string>[];
  beforeEach(() => {
    codeQueries = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname !== pathOf('tourCodes')) return errorAnswer('notFound');
        codeQueries.push(Object.fromEntries(url.searchParams));
        return answer('tourCodes', { 'hydra:member': [], 'hydra:totalItems': 40 });
      }),
    );
  });
  const lastCodes = () => codeQueries[codeQueries.length - 1];

  it('puts the page controls into the filter row, sends their query fields, and resets them with the search', async () => {
    const user = userEvent.setup();
    await renderScreen(() => <Codes />);
    await waitFor(() => expect(codeQueries.length).toBeGreaterThan(0));
    expect(lastCodes()).toEqual({ page: '1', limit: '10' });
    const row = screen.getByRole('search', { name: 'Filter' });
    const reset = within(row).getByRole('button', { name: 'Zurücksetzen' });
    expect(reset).toBeDisabled();
    // The empty value of a filter select reads as a choice, not as a blank field.
    expect(within(row).getByRole('combobox', { name: 'Code' })).toHaveTextContent('Alle');

    await user.click(await screen.findByRole('button', { name: 'Zur nächsten Seite' }));
    await waitFor(() => expect(lastCodes().page).toBe('2'));

    await user.click(within(row).getByRole('combobox', { name: 'Code' }));
    await user.click(await screen.findByRole('option', { name: 'Gewicht fehlt' }));
    await waitFor(() => expect(lastCodes()).toEqual({ page: '1', limit: '10', code: 'weightMissing' }));

    await user.type(within(row).getByRole('textbox', { name: 'Ab' }), '2026-03-01');
    await user.type(within(row).getByRole('textbox', { name: 'Codes suchen' }), 'VS-3');
    await waitFor(() =>
      expect(lastCodes()).toEqual({
        page: '1',
        limit: '10',
        code: 'weightMissing',
        'createdAt[after]': '2026-03-01',
        search: 'VS-3',
      }),
    );

    expect(reset).toBeEnabled();
    await user.click(reset);
    await waitFor(() => expect(lastCodes()).toEqual({ page: '1', limit: '10' }));
    expect(within(row).getByRole('textbox', { name: 'Ab' })).toHaveValue('');
    expect(within(row).getByRole('textbox', { name: 'Codes suchen' })).toHaveValue('');
    expect(reset).toBeDisabled();
  });
});

describe('editDeleteActions', () => {
  const named = (verb: string) => (m: Mapping) => `${m.templateName} ${verb}`;

  it('offers edit and delete named after the row, each only where allowed, and no column without either', () => {
    const row = mapping(1);
    const both = editDeleteActions<Mapping>({
      header: 'Aktionen',
      edit: { aria: named('bearbeiten'), onClick: edit },
      remove: { aria: named('löschen'), onClick: remove },
    });
    expect(both?.header).toBe('Aktionen');
    expect(both?.actions(row).map((a) => [a.key, a.aria, !!a.inMenu])).toEqual([
      ['edit', 'Vorlage 1 bearbeiten', false],
      ['delete', 'Vorlage 1 löschen', false],
    ]);
    both?.actions(row)[1].onClick();
    expect(remove).toHaveBeenLastCalledWith(row);

    const editOnly = editDeleteActions<Mapping>({
      header: 'Aktionen',
      edit: { aria: named('bearbeiten'), onClick: edit },
      remove: false,
    });
    expect(editOnly?.actions(row).map((a) => a.key)).toEqual(['edit']);
    expect(editDeleteActions<Mapping>({ header: 'Aktionen', edit: false, remove: false })).toBeUndefined();
  });
});
