/**
 * Answers kept in the process for reads that change only when a version read from the database
 * moves (the dashboards: a company's stats version, bumped in the transaction that rewrites its
 * sums, decision 0020). Each API process keeps its own; the version makes them agree.
 * - An answer is computed once per key and version; callers asking at once share the computation.
 * - A failed computation is not kept.
 * - At most `max` answers, the least recently used dropped first, so memory stays bounded.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, Promise<V>>();
  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  get(key: string, version: string, compute: () => Promise<V>): Promise<V> {
    const k = `${version}\u0000${key}`;
    const hit = this.entries.get(k);
    if (hit) {
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
      this.entries.delete(k);
      this.entries.set(k, hit);
      return hit;
    }
    const answer = compute();
    this.entries.set(k, answer);
    answer.catch(() => {
      if (this.entries.get(k) === answer) this.entries.delete(k);
    });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return answer;
  }

  get size(): number {
    return this.entries.size;
  }
}
