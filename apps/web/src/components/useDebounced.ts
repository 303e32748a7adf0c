import { useEffect, useState } from 'react';
import { LIST_DEBOUNCE_MS } from '@klimadesk/contract/constants';

/** The value after it stopped changing for `ms` (list filters: 200 ms, seed 000 §9). */
export function useDebounced<T>(value: T, ms: number = LIST_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}
