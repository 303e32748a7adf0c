import { useQuery } from '@tanstack/react-query';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { meQuery } from './session.ts';

/** The signed-in user; only used below the guarded app routes, where it is always loaded. */
export function useMe(): Me {
  const { data } = useQuery(meQuery());
  if (!data) throw new Error('useMe outside the signed-in area');
  return data;
}
