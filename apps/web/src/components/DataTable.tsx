import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { DataGrid, type GridColDef, type GridRowIdGetter, type GridValidRowModel } from '@mui/x-data-grid';
import { deDE, enUS } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '@klimadesk/contract/constants';
import type { SortItem, TableState } from './tableState.ts';

/**
 * The DataGrid with server-side paging and sorting whose page size, sort and column widths
 * are kept in local storage (seed 000 §9).
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
}: {
  label: string;
  columns: GridColDef<R>[];
  rows: R[];
  rowCount: number;
  loading?: boolean;
  state: TableState;
  getRowId?: GridRowIdGetter<R>;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const localeText = (i18n.language === 'en' ? enUS : deDE).components.MuiDataGrid.defaultProps.localeText;
  const cols = useMemo(
    () =>
      columns.map((c) =>
        state.widths[c.field] ? { ...c, width: state.widths[c.field], flex: undefined } : c,
      ),
    [columns, state.widths],
  );
  return (
    <Box data-testid={testId} sx={{ width: '100%', minWidth: 0 }}>
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
        autoHeight
        density="standard"
        sx={{
          bgcolor: 'background.paper',
          borderRadius: 3,
          '& .MuiDataGrid-columnHeaders': { bgcolor: '#f0f5f4' },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 650 },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': {
            outline: '2px solid',
            outlineColor: 'primary.main',
            outlineOffset: -2,
          },
          '& .MuiDataGrid-cell': { py: 1, display: 'flex', alignItems: 'center' },
        }}
      />
    </Box>
  );
}
