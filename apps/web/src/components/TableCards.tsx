import { Component, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import { useTranslation } from 'react-i18next';
import type { GridColDef, GridLocaleText, GridRowIdGetter, GridValidRowModel } from '@mui/x-data-grid';
import { PAGE_SIZE_OPTIONS } from '@klimadesk/contract/constants';
import type { TableState } from './tableState.ts';

type Col<R extends GridValidRowModel> = GridColDef<R>;

/** A cell that fails outside the grid (it may ask the grid's API) shows its plain value instead. */
class CellBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function plain(v: unknown): string {
  if (v === null || v === undefined || v === '') return '–';
  return typeof v === 'object' ? '–' : String(v);
}

/** The value and formatted text of a column for a row, as the grid computes them. */
function valuesOf<R extends GridValidRowModel>(c: Col<R>, row: R) {
  const raw = (row as Record<string, unknown>)[c.field];
  const value = c.valueGetter ? c.valueGetter(raw as never, row, c, undefined as never) : raw;
  const formatted = c.valueFormatter ? c.valueFormatter(value as never, row, c, undefined as never) : value;
  return { value, formatted };
}

function CellContent<R extends GridValidRowModel>({
  col,
  row,
  id,
}: {
  col: Col<R>;
  row: R;
  id: string | number;
}) {
  const { value, formatted } = valuesOf(col, row);
  if (col.type === 'actions' && 'getActions' in col && typeof col.getActions === 'function') {
    return <Box sx={{ display: 'flex', gap: 0.5 }}>{col.getActions({ id, row, columns: [] } as never)}</Box>;
  }
  if (col.renderCell) {
    return (
      <>
        {col.renderCell({
          id,
          row,
          value,
          formattedValue: formatted,
          field: col.field,
          colDef: col,
          hasFocus: false,
          tabIndex: -1,
          cellMode: 'view',
          isEditable: false,
        } as never)}
      </>
    );
  }
  return <>{plain(formatted)}</>;
}

const isAction = <R extends GridValidRowModel>(c: Col<R>) => c.type === 'actions' || c.field === 'actions';

/**
 * The sort of the cards: a column (those the grid's headers sort by) and the direction, on the
 * table's one sort state, so a sort chosen here holds in the grid's headers too and back.
 */
function CardSort<R extends GridValidRowModel>({ columns, state }: { columns: Col<R>[]; state: TableState }) {
  const { t } = useTranslation('common');
  const sortable = columns.filter((c) => c.sortable !== false && !isAction(c));
  if (sortable.length === 0) return null;
  const current = state.sort[0];
  const descending = current?.sort === 'desc';
  const flip = descending ? t('table.sortAscending') : t('table.sortDescending');
  return (
    <Box
      data-testid="table-cards-sort"
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        px: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <TextField
        select
        size="small"
        label={t('table.sortBy')}
        value={current?.field ?? ''}
        onChange={(e) =>
          state.setSort(e.target.value ? [{ field: e.target.value, sort: current?.sort ?? 'asc' }] : [])
        }
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'table-cards-sort-field' } }}
        sx={{ flex: 1, minWidth: 0 }}
      >
        <option value="">{t('table.sortNone')}</option>
        {sortable.map((c) => (
          <option key={c.field} value={c.field}>
            {c.headerName ?? c.field}
          </option>
        ))}
      </TextField>
      <Tooltip title={current ? flip : ''}>
        <span>
          <IconButton
            aria-label={flip}
            disabled={!current}
            data-testid="table-cards-sort-direction"
            onClick={() =>
              current && state.setSort([{ field: current.field, sort: descending ? 'asc' : 'desc' }])
            }
          >
            {descending ? <ArrowDownward /> : <ArrowUpward />}
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

/**
 * A table on a phone: one card per row with each visible column as label and value, so nothing
 * hides off the right edge (issue 37); the sort, paging and the kept page size as in the grid.
 */
export function TableCards<R extends GridValidRowModel>({
  label,
  columns,
  sortColumns = columns,
  rows,
  rowCount,
  loading,
  state,
  getRowId,
  empty,
  localeText,
}: {
  label: string;
  columns: Col<R>[];
  /** The columns to sort by: every column of the table, shown or not (the grid's header choice). */
  sortColumns?: Col<R>[];
  rows: R[];
  rowCount: number;
  loading?: boolean;
  state: TableState;
  getRowId?: GridRowIdGetter<R>;
  empty?: ReactNode;
  localeText: Partial<GridLocaleText>;
}) {
  const idOf = (r: R) => (getRowId ? getRowId(r) : (r as unknown as { id: string | number }).id);
  const actions = columns.filter(isAction);
  const fields = columns.filter((c) => !actions.includes(c));
  return (
    <Box
      data-testid="table-cards"
      sx={{ bgcolor: 'background.paper', borderRadius: 3, border: 1, borderColor: 'divider' }}
    >
      {loading && <LinearProgress sx={{ borderRadius: 3 }} />}
      <CardSort columns={sortColumns} state={state} />
      {rows.length === 0 && !loading ? (
        <Box
          data-testid="table-empty"
          sx={{ p: 3, display: 'grid', placeItems: 'center', textAlign: 'center' }}
        >
          {empty ?? <Typography color="text.secondary">{localeText.noRowsLabel}</Typography>}
        </Box>
      ) : (
        <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((row) => {
            const id = idOf(row);
            return <RowCard key={id} row={row} id={id} fields={fields} actions={actions} />;
          })}
        </Box>
      )}
      <CardPagination rowCount={rowCount} state={state} localeText={localeText} />
    </Box>
  );
}

/** One row as a card: each field as label and value, then the row's actions. */
function RowCard<R extends GridValidRowModel>({
  row,
  id,
  fields,
  actions,
}: {
  row: R;
  id: string | number;
  fields: Col<R>[];
  actions: Col<R>[];
}) {
  return (
    <Box
      component="li"
      data-testid="table-card"
      sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 1 }}
    >
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(96px, 2fr) 3fr',
          columnGap: 1.5,
          rowGap: 0.75,
        }}
      >
        {fields.map((c) => (
          <Box key={c.field} sx={{ display: 'contents' }}>
            <Typography
              component="dt"
              variant="caption"
              color="text.secondary"
              sx={{ fontWeight: 650, pt: 0.25 }}
            >
              {c.headerName ?? c.field}
            </Typography>
            <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', typography: 'body2' }}>
              <CellBoundary fallback={plain(valuesOf(c, row).formatted)}>
                <CellContent col={c} row={row} id={id} />
              </CellBoundary>
            </Box>
          </Box>
        ))}
      </Box>
      {actions.map((c) => (
        <Box key={c.field} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <CellBoundary fallback={null}>
            <CellContent col={c} row={row} id={id} />
          </CellBoundary>
        </Box>
      ))}
    </Box>
  );
}

/** Paging under the cards in the grid's words, with the kept page size. */
function CardPagination({
  rowCount,
  state,
  localeText,
}: {
  rowCount: number;
  state: TableState;
  localeText: Partial<GridLocaleText>;
}) {
  const displayed = localeText.paginationDisplayedRows;
  return (
    <TablePagination
      component="div"
      count={rowCount}
      page={state.page}
      rowsPerPage={state.pageSize}
      rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
      onPageChange={(_e, p) => state.setPage(p)}
      onRowsPerPageChange={(e) => state.setPageSize(Number(e.target.value))}
      labelRowsPerPage={localeText.paginationRowsPerPage}
      // The page size, the range and the arrows wrap rather than run past a phone's edge.
      sx={{
        '& .MuiTablePagination-toolbar': {
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          px: 1,
          rowGap: 0.5,
        },
        '& .MuiTablePagination-spacer': { display: 'none' },
        '& .MuiTablePagination-actions': { ml: 1 },
      }}
      labelDisplayedRows={
        typeof displayed === 'function' ? (p) => displayed({ ...p, estimated: undefined }) : undefined
      }
    />
  );
}
