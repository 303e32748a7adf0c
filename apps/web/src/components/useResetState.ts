import { type Dispatch, type SetStateAction, useState } from 'react';

/**
 * State the user edits that starts over from `initial()` whenever one of `deps` changes (another
 * record, or the server's answer after a save). It is adjusted while rendering, as React advises
 * instead of an effect that sets it (react.dev, "You might not need an effect": adjusting some
 * state when a prop changes), so no render shows the old draft beside the new record.
 */
export function useResetState<T>(
  initial: () => T,
  deps: readonly unknown[],
): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState(initial);
  const [seen, setSeen] = useState(deps);
  if (deps.length !== seen.length || deps.some((d, i) => !Object.is(d, seen[i]))) {
    const next = initial();
    setSeen(deps);
    setValue(next);
    return [next, setValue];
  }
  return [value, setValue];
}
