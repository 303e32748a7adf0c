/**
 * A company's id as the platform vouched for it: taken from the signed-in user, an API key or a
 * fixture, never straight from a request's params, query or body. Tenant repository functions
 * take this type, so a raw string from the wire cannot reach a tenant query by mistake.
 */
export type CompanyId = string & { readonly __brand: 'CompanyId' };

/** Marks an id as a company id. Call it only where the id comes from the session, a key or a
 * row the caller already holds (a job payload written by the API, a test fixture). */
export function asCompanyId(id: string): CompanyId {
  return id as CompanyId;
}
