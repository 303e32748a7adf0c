import { useState } from 'react';

/**
 * The time the component was first shown. Rendering stays pure (the same props give the same
 * screen), and a form's default date or year does not move while it is open.
 */
export function useNow(): Date {
  const [now] = useState(() => new Date());
  return now;
}
