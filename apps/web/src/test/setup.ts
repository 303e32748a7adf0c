import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadRouteFacts } from '../app/client.ts';

// The first render of a file loads its lazy screens and texts; on two cores shared with the
// browser tests and the database suites that took up to 7 s (a findBy waits; it never passes early).
configure({ asyncUtilTimeout: 10_000 });

// In the app the signed-in area loads the route facts before any screen asks `can` or `pathOf`.
beforeAll(() => loadRouteFacts());

afterEach(() => {
  cleanup();
  localStorage.clear();
});
