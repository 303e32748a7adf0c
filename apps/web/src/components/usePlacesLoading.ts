import { useQuery } from '@tanstack/react-query';

type Health = { locations?: 'loading' | 'ready' };

/**
 * Whether the built-in cities and postal codes are still loading (a first start takes minutes on a
 * busy machine): `/health` says so, and the place search then finds only airports and ports yet.
 * Asked again every 15 s until the places are there.
 */
export function usePlacesLoading(): boolean {
  const { data } = useQuery({
    queryKey: ['health', 'locations'],
    queryFn: async ({ signal }): Promise<Health> => {
      const res = await fetch('/health', { signal });
      return res.ok ? ((await res.json()) as Health) : {};
    },
    staleTime: 15_000,
    refetchInterval: (q) => (q.state.data?.locations === 'loading' ? 15_000 : false),
  });
  return data?.locations === 'loading';
}
