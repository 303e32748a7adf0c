/**
 * How long the health check waits for the embedded database. PGlite has one connection, which a
 * transaction holds until its commit (an import's write: seconds; decision 0005); the process
 * itself answers meanwhile, so the check says the database is busy instead of queueing behind it.
 */
export const PGLITE_HEALTH_WAIT_MS = 250;

/**
 * The health answer of a database kind: `check(probe, busy)` runs `probe`, and on PGlite answers
 * `busy()` when it has not answered within PGLITE_HEALTH_WAIT_MS. One probe at a time waits for
 * PGlite: checks meanwhile share it, so a poller cannot queue queries behind a long transaction.
 * PostgreSQL's pool answers beside any transaction, so there the check waits (a database that
 * does not answer is what it reports).
 */
export function healthCheck(kind: 'postgres' | 'pglite') {
  let pending: Promise<unknown> | null = null;
  return async <T, B>(probe: () => Promise<T>, busy: () => B): Promise<T | B> => {
    if (kind !== 'pglite') return probe();
    const running = (pending ??= probe().finally(() => {
      pending = null;
    })) as Promise<T>;
    // A late failure is reported by the next check, not here.
    running.catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<B>((resolve) => {
      timer = setTimeout(() => resolve(busy()), PGLITE_HEALTH_WAIT_MS);
    });
    try {
      return await Promise.race([running, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
