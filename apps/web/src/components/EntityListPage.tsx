import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { EXPORT_DEBOUNCE_MS } from '@klimadesk/contract/constants';
import { DataTable } from './DataTable.tsx';
import { notifyError } from './errors.ts';
import { downloadFile, type FileAnswer } from './files.ts';
import { notify } from './notify.ts';
import { PageHeader } from './PageHeader.tsx';
import { SearchField } from './SearchField.tsx';
import { useTableState, type SortItem } from './tableState.ts';
import { useDebounced } from './useDebounced.ts';

/** A list answer of the API (seed 000 §9). */
export type ListAnswer<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

/** The query a list asks for: page (1-based), page size, sort, search and status. */
export type ListQuery<S extends string = string> = {
  page: number;
  limit: number;
  search?: string;
  status?: S;
} & Record<`order[${string}]`, string>;

/** What `queryOptions(routeId, …)` gives for a list route. */
export type ListSource<T> = {
  queryKey: readonly unknown[];
  queryFn: (ctx: { signal: AbortSignal }) => Promise<ListAnswer<T>>;
};

/** A page's own filter values (selects, text, days as `YYYY-MM-DD`); `''` means "not filtered". */
export type ListFilters = Record<string, unknown>;

const sameFilters = (a: ListFilters, b: ListFilters) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The state of a server-side list: page, size and sort (kept in local storage under `table`),
 * the debounced search, the status filter and the page's own `filters` (debounced like the search,
 * handed to `source` as its second argument); a change of filter goes back to the first page.
 */
export function useEntityList<T, S extends string = never, F extends ListFilters = Record<never, never>>({
  table,
  sort,
  pageSize,
  status: initialStatus,
  filters: initialFilters,
  source,
  refetchInterval,
}: {
  table: string;
  sort?: SortItem[];
  pageSize?: number;
  status?: S;
  /** The initial values of the page's own filters (`EntityListPage`'s `filters` slot shows their controls). */
  filters?: F;
  /** The list route's query options; `filters` are the debounced values, for the page to map into the query. */
  source: (query: ListQuery<S>, filters: F) => ListSource<T>;
  /** Polls while it answers a number, e.g. while a task of the page runs. */
  refetchInterval?: (data: ListAnswer<T> | undefined) => number | false;
}) {
  const state = useTableState(table, { ...(sort ? { sort } : {}), ...(pageSize ? { pageSize } : {}) });
  const [search, setSearchText] = useState('');
  const term = useDebounced(search.trim());
  const [status, setStatusValue] = useState<S | undefined>(initialStatus);
  const [initial] = useState<F>(() => initialFilters ?? ({} as F));
  const [values, setValues] = useState<F>(initial);
  const applied = useDebounced(values);
  const filter = { search: term || undefined, status };
  const query = { ...state.query, ...filter } as ListQuery<S>;
  const options = source(query, applied);
  const qc = useQueryClient();
  const result = useQuery({
    ...options,
    placeholderData: keepPreviousData,
    ...(refetchInterval
      ? { refetchInterval: (q: { state: { data?: ListAnswer<T> } }) => refetchInterval(q.state.data) }
      : {}),
  });
  return {
    state,
    search,
    setSearch: (value: string) => {
      setSearchText(value);
      state.setPage(0);
    },
    status,
    setStatus: (value: S) => {
      setStatusValue(value);
      state.setPage(0);
    },
    /** The filter without page and sort, as an export takes it. */
    filter,
    /** The page's own filter values as the controls show them. */
    filters: values,
    /** The page's own filter values as the list last asked for them (debounced), e.g. for an export. */
    appliedFilters: applied,
    setFilter: <K extends keyof F>(key: K, value: F[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      state.setPage(0);
    },
    /** Whether search, status or the page's filters differ from how the list opened. */
    changed: search !== '' || status !== initialStatus || !sameFilters(values, initial),
    /** Back to how the list opened: no search, the first status, the initial filters. */
    reset: () => {
      setSearchText('');
      setStatusValue(initialStatus);
      setValues(initial);
      state.setPage(0);
    },
    /** Whether the user narrowed the list (search, a status other than the first one, or a filter). */
    filtered: !!term || status !== initialStatus || !sameFilters(applied, initial),
    rows: result.data?.['hydra:member'] ?? [],
    total: result.data?.['hydra:totalItems'] ?? 0,
    data: result.data,
    isFetching: result.isFetching,
    isSuccess: result.isSuccess,
    /** Refetches every page of the list (query keys start with the route id). */
    reload: () => qc.invalidateQueries({ queryKey: options.queryKey.slice(0, 1) }),
  };
}

export type EntityList<
  T,
  S extends string = never,
  F extends ListFilters = Record<never, never>,
> = ReturnType<typeof useEntityList<T, S, F>>;

/** An action of a row: an icon button in the row, or an entry of its "more" menu. */
export type RowAction = {
  key: string;
  /** Tooltip of the button, text of the menu entry. */
  label: string;
  /** The button's accessible name where it should name the row. */
  aria?: string;
  icon: ReactElement;
  onClick: () => void;
  inMenu?: boolean;
  danger?: boolean;
  disabled?: boolean;
  testId?: string;
};

/** The edit action of a row: a pencil button named after the row (`aria`). */
export function editAction(aria: string, onClick: () => void): RowAction {
  return {
    key: 'edit',
    label: i18n.t('common:actions.edit'),
    aria,
    icon: <EditOutlined fontSize="small" />,
    onClick,
  };
}

/** The delete action of a row: a button named after the row, or a red entry of the row menu. */
export function deleteAction(onClick: () => void, opts: { aria?: string; inMenu?: boolean } = {}): RowAction {
  return {
    key: 'delete',
    label: i18n.t('common:actions.delete'),
    aria: opts.aria,
    icon: <DeleteOutline fontSize="small" color={opts.inMenu ? 'error' : undefined} />,
    onClick,
    inMenu: opts.inMenu,
    danger: opts.inMenu,
  };
}

export type RowActions<T> = {
  header: string;
  width?: number;
  actions: (row: T) => RowAction[];
  /** Accessible name of the row's "more" button. */
  moreAria?: (row: T) => string;
};

/** What a row's edit or delete button does and how it is named after the row. */
export type RowWrite<T> = { aria: (row: T) => string; onClick: (row: T) => void };

/**
 * The usual actions of a list: edit and delete buttons, each only where the user may (`false`
 * leaves it out); no actions column when neither is allowed.
 */
export function editDeleteActions<T>({
  header,
  edit,
  remove,
}: {
  header: string;
  edit: RowWrite<T> | false;
  remove: RowWrite<T> | false;
}): RowActions<T> | undefined {
  if (!edit && !remove) return undefined;
  return {
    header,
    actions: (row) => [
      ...(edit ? [editAction(edit.aria(row), () => edit.onClick(row))] : []),
      ...(remove ? [deleteAction(() => remove.onClick(row), { aria: remove.aria(row) })] : []),
    ],
  };
}

export type StatusFilter<S extends string> = {
  label: string;
  id: string;
  testId?: string;
  options: readonly { value: S; label: string }[];
};

/** Filter cells of at least 180 px, as many as fit the row. */
const FILTER_GRID = 'repeat(auto-fill, minmax(180px, 1fr))';

type EntityListPageProps<T extends GridValidRowModel, S extends string, F extends ListFilters> = {
  list: EntityList<T, S, F>;
  /** Without a title the page has no header (a list inside another screen). */
  title?: string;
  subtitle?: string;
  actions?: ReactNode;
  /** Internal name of the screen's help text (`PageHeader`). */
  help?: string;
  banner?: ReactNode;
  search?: { label: string; fullWidth?: boolean };
  status?: StatusFilter<S>;
  /**
   * The page's own filter controls (selects, text fields, day pickers) bound to `list.filters` and
   * `list.setFilter`; with search and status they fill a grid of cells at least 180 px wide, followed
   * by a reset button.
   */
  filters?: ReactNode;
  /** Buttons at the end of the filter row. */
  toolbar?: ReactNode;
  label: string;
  testId?: string;
  columns: GridColDef<T>[];
  rowActions?: RowActions<T>;
  hiddenByDefault?: string[];
  empty?: ReactNode;
  blank?: ReactNode;
  loading?: boolean;
  children?: ReactNode;
};

type RowMenuState = { anchor: HTMLElement; actions: RowAction[] } | null;

/**
 * The list screen of an entity: header with its actions (import, export, create), an optional
 * banner, search and status filter, the page's own filter controls (`filters`, with a reset
 * button), the server-paged table with sort and column state in local storage, and row actions.
 * `blank` replaces the table while the unfiltered list is empty; `empty` is the table's own empty
 * state. Dialogs go in `children`.
 */
export function EntityListPage<
  T extends GridValidRowModel,
  S extends string = never,
  F extends ListFilters = Record<never, never>,
>({
  list,
  title,
  subtitle,
  actions,
  help,
  banner,
  search,
  status,
  filters: controls,
  toolbar,
  label,
  testId,
  columns,
  rowActions,
  hiddenByDefault,
  empty,
  blank,
  loading,
  children,
}: EntityListPageProps<T, S, F>) {
  const [menu, setMenu] = useState<RowMenuState>(null);
  const allColumns = useMemo(
    () => (rowActions ? [...columns, actionsColumn(rowActions, setMenu)] : columns),
    [columns, rowActions],
  );
  const showBlank = blank !== undefined && list.isSuccess && list.total === 0 && !list.filtered;
  const filterRow = search || status || controls || toolbar;
  return (
    <>
      {title && <PageHeader title={title} subtitle={subtitle} actions={actions} help={help} />}
      {banner}
      {filterRow && (
        <ListFilterRow
          list={list}
          search={search}
          status={status}
          controls={controls}
          toolbar={toolbar}
          testId={testId}
        />
      )}
      {showBlank ? (
        blank
      ) : (
        <DataTable
          label={label}
          columns={allColumns}
          rows={list.rows}
          rowCount={list.total}
          loading={loading ?? list.isFetching}
          state={list.state}
          testId={testId}
          hiddenByDefault={hiddenByDefault}
          empty={empty}
        />
      )}
      <RowMenu menu={menu} onClose={() => setMenu(null)} />
      {children}
    </>
  );
}

/** What the filter row reads and changes of the list. */
type FilteredList<S extends string> = Pick<
  EntityList<unknown, S>,
  'search' | 'setSearch' | 'status' | 'setStatus' | 'reset' | 'changed'
>;

/** Search, status toggle, the page's own controls with a reset button, and the toolbar. */
function ListFilterRow<S extends string>({
  list,
  search,
  status,
  controls,
  toolbar,
  testId,
}: {
  list: FilteredList<S>;
  search?: { label: string; fullWidth?: boolean };
  status?: StatusFilter<S>;
  controls?: ReactNode;
  toolbar?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Box
      role={controls ? 'search' : undefined}
      aria-label={controls ? t('table.filters') : undefined}
      sx={
        controls
          ? // With the page's own controls the row is a grid of equal cells (one per line on a phone).
            { display: 'grid', gap: 2, mb: 2, alignItems: 'center', gridTemplateColumns: FILTER_GRID }
          : { display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }
      }
    >
      {search && (
        <SearchField
          label={search.label}
          value={list.search}
          onChange={list.setSearch}
          fullWidth={search.fullWidth}
        />
      )}
      {status && list.status !== undefined && (
        <StatusToggle status={status} value={list.status} onChange={list.setStatus} />
      )}
      {controls && (
        <>
          {/* Every control fills its cell, the day pickers too (they bring a width of their own). */}
          <Box sx={{ display: 'contents', '& > .MuiFormControl-root': { width: 'auto' } }}>{controls}</Box>
          <Button
            onClick={list.reset}
            disabled={!list.changed}
            data-testid={testId && `${testId}-reset`}
            sx={{ justifySelf: 'start' }}
          >
            {t('actions.reset')}
          </Button>
        </>
      )}
      {toolbar &&
        (controls ? (
          <Box sx={{ justifySelf: 'end' }}>{toolbar}</Box>
        ) : (
          <>
            <Box sx={{ flex: 1 }} />
            {toolbar}
          </>
        ))}
    </Box>
  );
}

function StatusToggle<S extends string>({
  status,
  value,
  onChange,
}: {
  status: StatusFilter<S>;
  value: S;
  onChange: (value: S) => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography id={`${status.id}-label`} variant="body2" color="text.secondary">
        {status.label}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value}
        onChange={(_e, v: S | null) => {
          if (v) onChange(v);
        }}
        aria-labelledby={`${status.id}-label`}
        data-testid={status.testId}
      >
        {status.options.map((o) => (
          <ToggleButton key={o.value} value={o.value} sx={{ px: 2 }}>
            {o.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/** The "more" menu of the row whose button was pressed. */
function RowMenu({ menu, onClose }: { menu: RowMenuState; onClose: () => void }) {
  return (
    <Menu anchorEl={menu?.anchor} open={!!menu} onClose={onClose}>
      {menu?.actions.map((a) => (
        <MenuItem
          key={a.key}
          disabled={a.disabled}
          data-testid={a.testId}
          sx={a.danger ? { color: 'error.main' } : undefined}
          onClick={() => {
            onClose();
            a.onClick();
          }}
        >
          <ListItemIcon sx={a.danger ? { color: 'error.main' } : undefined}>{a.icon}</ListItemIcon>
          {a.label}
        </MenuItem>
      ))}
    </Menu>
  );
}

function actionsColumn<T extends GridValidRowModel>(
  spec: RowActions<T>,
  openMenu: (m: { anchor: HTMLElement; actions: RowAction[] }) => void,
): GridColDef<T> {
  return {
    field: 'actions',
    headerName: spec.header,
    width: spec.width ?? 110,
    sortable: false,
    resizable: false,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => {
      const all = spec.actions(row);
      if (all.length === 0) return null;
      const inMenu = all.filter((a) => a.inMenu);
      return (
        <Box>
          <RowActionButtons actions={all.filter((a) => !a.inMenu)} />
          {inMenu.length > 0 && (
            <IconButton
              size="small"
              aria-label={spec.moreAria?.(row)}
              aria-haspopup="menu"
              onClick={(e) => openMenu({ anchor: e.currentTarget, actions: inMenu })}
            >
              <MoreVert fontSize="small" />
            </IconButton>
          )}
        </Box>
      );
    },
  };
}

/**
 * A select among a list's own filters (`EntityListPage`'s `filters`): the empty value, "all", comes
 * first and shows as chosen, then the options.
 */
export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  all,
  options,
}: {
  label: string;
  value: V | '';
  onChange: (value: V | '') => void;
  /** The text of the empty value. */
  all: string;
  options: readonly { value: V; label: string }[];
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      onChange={(e) => onChange(e.target.value as V | '')}
    >
      <MenuItem value="">{all}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Row actions as small icon buttons with their label as tooltip: the actions column of the list,
 * and the rows of tables outside it.
 */
export function RowActionButtons({ actions }: { actions: readonly RowAction[] }) {
  return actions.map((a) => {
    const button = (
      <IconButton
        size="small"
        aria-label={a.aria ?? a.label}
        disabled={a.disabled}
        onClick={a.onClick}
        data-testid={a.testId}
      >
        {a.icon}
      </IconButton>
    );
    // A disabled button sends no events, so its tooltip needs a wrapper.
    return (
      <Tooltip key={a.key} title={a.label}>
        {a.disabled === undefined ? button : <span>{button}</span>}
      </Tooltip>
    );
  });
}

/** The create button of a list, in the page header or the filter row. */
export function CreateButton({
  label,
  onClick,
  disabled,
  testId,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Button
      variant="contained"
      startIcon={<Add />}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

/**
 * The export button of a list: downloads the filtered list as a file. It stays disabled a moment
 * after a click so a double click starts one download (export debounce).
 */
export function ExportListButton({
  label,
  download,
  disabled = false,
  testId,
}: {
  label: string;
  download: () => Promise<FileAnswer>;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      downloadFile(await download());
      notify(t('notify.exportStarted'));
    } catch (err) {
      notifyError(err);
    } finally {
      setTimeout(() => setExporting(false), EXPORT_DEBOUNCE_MS);
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      onClick={() => void run()}
      disabled={disabled || exporting}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
