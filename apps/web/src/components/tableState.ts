import { useCallback, useState } from 'react';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '@klimadesk/contract/constants';

export type SortItem = { field: string; sort: 'asc' | 'desc' };

export type StoredTableState = {
  pageSize: number;
  sort: SortItem[];
  widths: Record<string, number>;
  /** Columns the user showed (true) or hid (false); the others follow the table's default. */
  visible: Record<string, boolean>;
};

const key = (id: string) => `kd_table:${id}`;

/** Reads a table's stored page size, sort, column widths and choice; broken entries are ignored. */
export function readTableState(id: string, fallback: Partial<StoredTableState> = {}): StoredTableState {
  const base: StoredTableState = {
    pageSize: PAGE_SIZE_DEFAULT,
    sort: [],
    widths: {},
    visible: {},
    ...fallback,
  };
  try {
    const raw = localStorage.getItem(key(id));
    if (!raw) return base;
    const parsed = JSON.parse(raw) as Partial<StoredTableState>;
    return {
      pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(parsed.pageSize ?? -1)
        ? (parsed.pageSize as number)
        : base.pageSize,
      sort: Array.isArray(parsed.sort)
        ? parsed.sort.filter((s) => typeof s?.field === 'string' && (s.sort === 'asc' || s.sort === 'desc'))
        : base.sort,
      widths: parsed.widths && typeof parsed.widths === 'object' ? parsed.widths : {},
      visible:
        parsed.visible && typeof parsed.visible === 'object'
          ? Object.fromEntries(Object.entries(parsed.visible).filter(([, v]) => typeof v === 'boolean'))
          : {},
    };
  } catch {
    return base;
  }
}

export function writeTableState(id: string, state: StoredTableState): void {
  localStorage.setItem(key(id), JSON.stringify(state));
}

/** `order[field]=asc|desc` query parameters of a sort model. */
export function orderParams(sort: SortItem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of sort) out[`order[${s.field}]`] = s.sort;
  return out;
}

/** Page, page size, sort, column widths and choice of a server-side table; all but the page persist. */
export function useTableState(id: string, fallback: Partial<StoredTableState> = {}) {
  const [stored, setStored] = useState(() => readTableState(id, fallback));
  const [page, setPage] = useState(0);
  const update = useCallback(
    (patch: Partial<StoredTableState>) =>
      setStored((s) => {
        const next = { ...s, ...patch };
        writeTableState(id, next);
        return next;
      }),
    [id],
  );
  return {
    page,
    setPage,
    pageSize: stored.pageSize,
    sort: stored.sort,
    widths: stored.widths,
    visible: stored.visible,
    setVisible: (visible: Record<string, boolean>) => update({ visible }),
    setPageSize: (pageSize: number) => {
      update({ pageSize });
      setPage(0);
    },
    setSort: (sort: SortItem[]) => {
      update({ sort });
      setPage(0);
    },
    setWidth: (field: string, width: number) => update({ widths: { ...stored.widths, [field]: width } }),
    /** Query parameters for the API (page is 1-based there). */
    query: { page: page + 1, limit: stored.pageSize, ...orderParams(stored.sort) },
  };
}

export type TableState = ReturnType<typeof useTableState>;
