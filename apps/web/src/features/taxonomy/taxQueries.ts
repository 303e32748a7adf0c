import { useQuery } from '@tanstack/react-query';
import type { Me } from '@klimadesk/contract/platform/schemas';
import type { TaxStatus } from '@klimadesk/contract/tariffs/schemas';
import { can, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';

/** Every taxonomy write refetches these lists (their query keys start with the route id). */
export const TAX_QUERY_KEYS = [
  ['taxActivityOverviews'],
  ['taxActivities'],
  ['getTaxActivity'],
  ['taxActivityDashboardStats'],
  ['taxFinancialYears'],
  ['taxTags'],
] as const;

export function useFinancialYears() {
  return useQuery({ ...queryOptions('taxFinancialYears'), staleTime: 30_000 });
}

export function useTaxTags() {
  return useQuery({ ...queryOptions('taxTags'), staleTime: 30_000 });
}

/** The company's taxonomy state (seed 002 §4): RESTRICTED, DEMO, EXPIRED or null (booked). */
export function useTaxStatus() {
  const me = useMe();
  const allowed = can(me, 'taxDemoBookingDate');
  return useQuery({
    ...queryOptions('taxDemoBookingDate', { params: { id: me.company.id } }),
    enabled: allowed,
    staleTime: 60_000,
  });
}

/**
 * Whether the user may change activities: the role allows it and the tariff state is not EXPIRED
 * or RESTRICTED (then activities can be viewed, not edited, seed 001 §4); the platform admin may
 * continue past the not-booked dialog (seed 001 §6).
 */
export function canEditTax(
  me: Pick<Me, 'roles'>,
  status: TaxStatus | undefined,
  routeAllowed: boolean,
): boolean {
  if (!routeAllowed) return false;
  if (me.roles.includes('ROLE_SMP_ADMIN')) return true;
  return status?.taxType !== 'EXPIRED' && status?.taxType !== 'RESTRICTED';
}

/** `canEditTax` for the signed-in user and one write route. */
export function useCanEditTax(routeId: Parameters<typeof can>[1]): boolean {
  const me = useMe();
  const status = useTaxStatus().data;
  return canEditTax(me, status, can(me, routeId));
}
