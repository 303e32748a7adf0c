import { ERRORS, type ErrorKey, type ImportRun } from '@klimadesk/contract';
import type { TestApp } from './harness.ts';

type Answer = { statusCode: number; body: string; json: () => any; headers?: Record<string, unknown> };

/** The run behind an import route's 202 answer, after its job ran (the queue drained as the worker would). */
export async function importRunOf(t: TestApp, token: string, res: Answer): Promise<ImportRun> {
  if (res.statusCode !== 202)
    throw new Error(`expected 202 with an import run: ${res.statusCode} ${res.body}`);
  await t.ctx.jobs.drain();
  const run = await t.call({ method: 'GET', url: `/api/import-runs/${res.json().id}`, token });
  if (run.statusCode !== 200) throw new Error(`import run: ${run.statusCode} ${run.body}`);
  return run.json();
}

/**
 * An import route's answer as it was before the import kit (issue 38): the run's result as 200, or
 * its refusal as the error body with the catalogue's status. Answers the request refused itself
 * (access, fields, file type) stay as they are. Lets the modules' older tests keep their checks.
 */
export async function settled(
  t: TestApp,
  token: string,
  res: Answer | Promise<Answer>,
  /** The route's success status before it answered 202. */
  okStatus = 200,
): Promise<Answer> {
  const sent = await res;
  if (sent.statusCode !== 202) return sent;
  const run = await importRunOf(t, token, sent);
  const as = (statusCode: number, body: unknown): Answer => ({
    statusCode,
    body: JSON.stringify(body),
    json: () => body,
  });
  if (run.status === 'done') return as(okStatus, run.result);
  if (run.status === 'failed' && run.error)
    return as(ERRORS[run.error.message as ErrorKey].status, run.error);
  throw new Error(`import run ended ${run.status}`);
}
