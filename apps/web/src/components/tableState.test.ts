import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { orderParams, readTableState, useTableState } from './tableState.ts';

describe('table state', () => {
  it('defaults to 10 rows and keeps page size, sort and widths in local storage', () => {
    const { result } = renderHook(() => useTableState('t1'));
    expect(result.current.query).toEqual({ page: 1, limit: 10 });
    act(() => result.current.setPageSize(30));
    act(() => result.current.setSort([{ field: 'email', sort: 'desc' }]));
    act(() => result.current.setWidth('email', 240));
    act(() => result.current.setVisible({ lastLogin: true, status: false }));
    expect(result.current.query).toEqual({ page: 1, limit: 30, 'order[email]': 'desc' });
    expect(readTableState('t1')).toEqual({
      pageSize: 30,
      sort: [{ field: 'email', sort: 'desc' }],
      widths: { email: 240 },
      visible: { lastLogin: true, status: false },
    });
    // A second table mounted later starts from the stored state.
    const again = renderHook(() => useTableState('t1'));
    expect(again.result.current.pageSize).toBe(30);
  });

  it('ignores stored page sizes outside the options and broken entries', () => {
    localStorage.setItem(
      'kd_table:t2',
      JSON.stringify({ pageSize: 7, sort: [{ field: 'x', sort: 'up' }], visible: { a: 'yes', b: false } }),
    );
    expect(readTableState('t2')).toEqual({ pageSize: 10, sort: [], widths: {}, visible: { b: false } });
    localStorage.setItem('kd_table:t3', '{nope');
    expect(readTableState('t3').pageSize).toBe(10);
  });

  it('turns a sort model into order[field] parameters', () => {
    expect(orderParams([{ field: 'createdAt', sort: 'asc' }])).toEqual({ 'order[createdAt]': 'asc' });
  });
});
