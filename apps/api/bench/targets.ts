/**
 * The targets of issue 41, printed by each bench against its figure: `met`, `missed`, or
 * `not judged` when the run is too small to say (BENCH_SMOKE=1, or no 10 M shipments loaded).
 */
export type Target = {
  name: string;
  goal: string;
  figure: string;
  met: boolean;
  /** Why the figure does not count towards the target (tiny data, no base load). */
  unjudged?: string;
};

export function printTargets(title: string, targets: Target[]): void {
  console.log(`\n${title}\n| target | goal | figure | verdict |\n| --- | --- | ---: | --- |`);
  for (const t of targets) {
    const verdict = t.unjudged ? `not judged (${t.unjudged})` : t.met ? 'met' : 'missed';
    console.log(`| ${t.name} | ${t.goal} | ${t.figure} | ${verdict} |`);
  }
}

/** Why a figure is not judged: the smoke run, or fewer shipments present than the target assumes. */
export function unjudged(smoke: boolean, present: number, needed = 10_000_000): string | undefined {
  if (smoke) return 'smoke run';
  if (present < needed)
    return `${present.toLocaleString('en')} shipments present, target assumes ${needed.toLocaleString('en')}`;
  return undefined;
}

/** Peak RSS of this process so far (getrusage, kilobytes on Linux). */
export const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
