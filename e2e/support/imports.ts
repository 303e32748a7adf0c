import { expect, request, type APIRequestContext } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { DEMO_PASSWORD } from './app.ts';

/** An API client signed in as `email` (for preparing data, not for what the test checks). */
export async function apiAs(email: string): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL: BASE_URL });
  const res = await ctx.post('/api/login', { data: { username: email, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return ctx;
}

/** Pushes tour and shipment rows through the import API and waits until every row is in. */
export async function importRows(api: APIRequestContext, rows: Record<string, unknown>[]): Promise<void> {
  const pushed = await api.post('/api/imports/tours-shipments', { data: { category: 'shipment', rows } });
  expect(pushed.status(), await pushed.text()).toBe(201);
  const { id } = (await pushed.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const task = (await (await api.get(`/api/mapping-import-tasks/${id}`)).json()) as {
          done: boolean;
          state: string;
          rejected: number;
        };
        return task.done ? `${task.state}/${task.rejected}` : 'processing';
      },
      { timeout: 30_000 },
    )
    .toBe('success/0');
}
