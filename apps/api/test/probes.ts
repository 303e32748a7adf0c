import { expect } from 'vitest';

/**
 * Runs `work` while `paths` of the server at `base` are asked in turn, one request after another.
 * A probe counts as long as it waited or as long as this process's main thread ran meanwhile,
 * whichever is less: work holding the event loop burns the main thread for the whole wait, while
 * a busy machine, or a reader thread on another core, does not. Returns the slowest probe in ms.
 */
export async function whileProbing<T>(
  base: string,
  work: () => Promise<T>,
  paths: readonly string[] = ['/health'],
): Promise<{ result: T; slowest: number; probes: number }> {
  let running = true;
  const done = work().finally(() => {
    running = false;
  });
  let slowest = 0;
  let probes = 0;
  for (let i = 0; running; i++) {
    const cpu = process.threadCpuUsage();
    const start = performance.now();
    const res = await fetch(`${base}${paths[i % paths.length]}`);
    await res.text();
    const ran = process.threadCpuUsage(cpu);
    slowest = Math.max(slowest, Math.min(performance.now() - start, (ran.user + ran.system) / 1000));
    probes++;
    expect(res.status).toBe(200);
  }
  return { result: await done, slowest, probes };
}
