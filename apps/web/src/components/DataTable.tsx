import { createContext, useContext, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import {
  ColumnsPanelTrigger,
  DataGrid,
  Toolbar,
  type GridColDef,
  type GridRowIdGetter,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { deDE, enUS } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '@klimadesk/contract/constants';
import { MOBILE_QUERY } from '../app/theme.ts';
import { TableCards } from './TableCards.tsx';
import type { SortItem, TableState } from './tableState.ts';

/** The grid's own texts in the app's language. */
const gridLocaleText = (language: string) =>
  (language === 'en' ? enUS : deDE).components.MuiDataGrid.defaultProps.localeText;

/** The toolbar of a table with a column choice: one button that opens the grid's column panel. */
function ColumnsToolbar() {
  const { i18n } = useTranslation();
  return (
    <Toolbar>
      <ColumnsPanelTrigger
        render={
          <Button size="small" startIcon={<ViewColumnOutlined />} data-testid="table-columns">
            {gridLocaleText(i18n.language).toolbarColumns}
          </Button>
        }
      />
    </Toolbar>
  );
}

type DataTableProps<R extends GridValidRowModel> = {
  label: string;
  columns: GridColDef<R>[];
  rows: R[];
  rowCount: number;
  loading?: boolean;
  state: TableState;
  getRowId?: GridRowIdGetter<R>;
  testId?: string;
  hiddenByDefault?: string[];
  empty?: ReactNode;
};

/** The columns with the widths the user set, and which columns show (`hiddenByDefault` off until chosen). */
function useKeptColumns<R extends GridValidRowModel>(
  columns: GridColDef<R>[],
  state: TableState,
  hiddenByDefault: string[] | undefined,
) {
  const cols = useMemo(
    () =>
      columns.map((c) =>
        state.widths[c.field] ? { ...c, width: state.widths[c.field], flex: undefined } : c,
      ),
    [columns, state.widths],
  );
  const visibility = useMemo(
    () => ({ ...Object.fromEntries((hiddenByDefault ?? []).map((f) => [f, false])), ...state.visible }),
    [hiddenByDefault, state.visible],
  );
  return { cols, visibility };
}

/** The grid's look (header, wrapped titles, focus ring, cell padding). */
const gridSx = (hasEmpty: boolean): SxProps<Theme> => ({
  // Room for an empty state's text and links (the grid's default is two rows).
  ...(hasEmpty ? { '--DataGrid-overlayHeight': '200px' } : {}),
  bgcolor: 'background.paper',
  borderRadius: 3,
  '& .MuiDataGrid-columnHeaders': { bgcolor: '#f0f5f4' },
  // Long headers wrap onto a second line; a header longer still ends after two lines, and
  // the grid then shows the whole header as a tooltip (it does so for overflowing titles).
  '& .MuiDataGrid-columnHeaderTitle': {
    fontWeight: 650,
    whiteSpace: 'normal',
    lineHeight: 1.25,
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: -2,
  },
  '& .MuiDataGrid-cell': { py: 1, display: 'flex', alignItems: 'center' },
});

/**
 * The DataGrid with server-side paging and sorting whose page size, sort, column widths and
 * column choice are kept in local storage (seed 000 §9). Columns named in `hiddenByDefault` start
 * hidden and a Columns button lets the user pick them; `empty` replaces the bare "no rows" text.
 * On a phone the rows show as cards (`TableCards`), so no column hides off the right edge.
 */
export function DataTable<R extends GridValidRowModel>({
  label,
  columns,
  rows,
  rowCount,
  loading,
  state,
  getRowId,
  testId,
  hiddenByDefault,
  empty,
}: DataTableProps<R>) {
  const { i18n } = useTranslation();
  const localeText = gridLocaleText(i18n.language);
  const { cols, visibility } = useKeptColumns(columns, state, hiddenByDefault);
  const choice = hiddenByDefault !== undefined;
  const phone = useMediaQuery(MOBILE_QUERY);
  if (phone) {
    return (
      <Box data-testid={testId} sx={{ width: '100%', minWidth: 0 }}>
        <TableCards
          label={label}
          columns={cols.filter((c) => visibility[c.field] !== false)}
          sortColumns={cols}
          rows={rows}
          rowCount={rowCount}
          loading={loading}
          state={state}
          getRowId={getRowId}
          empty={empty}
          localeText={localeText}
        />
      </Box>
    );
  }
  return (
    <Box data-testid={testId} sx={{ width: '100%', minWidth: 0 }}>
      <EmptyContext.Provider value={empty}>
        <DataGrid
          aria-label={label}
          getRowHeight={() => 'auto'}
          columns={cols}
          rows={rows}
          rowCount={rowCount}
          loading={loading}
          getRowId={getRowId}
          localeText={localeText}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          disableColumnFilter
          disableRowSelectionOnClick
          pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
          paginationModel={{ page: state.page, pageSize: state.pageSize }}
          onPaginationModelChange={(m) => {
            if (m.pageSize !== state.pageSize) state.setPageSize(m.pageSize);
            else state.setPage(m.page);
          }}
          sortModel={state.sort}
          onSortModelChange={(m) =>
            state.setSort(m.filter((s): s is SortItem => s.sort === 'asc' || s.sort === 'desc') as SortItem[])
          }
          onColumnWidthChange={(p) => state.setWidth(p.colDef.field, Math.round(p.width))}
          columnVisibilityModel={visibility}
          onColumnVisibilityModelChange={(m) => state.setVisible(m)}
          showToolbar={choice}
          slots={{
            ...(choice ? { toolbar: ColumnsToolbar } : {}),
            ...(empty ? { noRowsOverlay: EmptyOverlay } : {}),
          }}
          autoHeight
          density="standard"
          sx={gridSx(!!empty)}
        />
      </EmptyContext.Provider>
    </Box>
  );
}

// The grid renders its overlay slots itself; the page's empty state reaches them through context.
const EmptyContext = createContext<ReactNode>(null);

function EmptyOverlay() {
  const children = useContext(EmptyContext);
  return (
    <Box
      data-testid="table-empty"
      sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
    >
      {children}
    </Box>
  );
}

/** The empty state of a list: what is missing and the next step, optionally with links. */
export function TableEmpty({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <Box sx={{ maxWidth: 560, display: 'grid', gap: 1, justifyItems: 'center', py: 2 }}>
      <Typography sx={{ fontWeight: 650 }}>{title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
      {children}
    </Box>
  );
}

/** Small chips of a table cell (members, modules, roles), wrapping onto further lines. */
export function ChipsCell({ chips, py = 1 }: { chips: (ChipProps & { key: string })[]; py?: number }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', py }}>
      {chips.map(({ key, ...chip }) => (
        <Chip key={key} size="small" {...chip} />
      ))}
    </Box>
  );
}
