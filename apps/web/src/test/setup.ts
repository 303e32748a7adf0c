import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadRouteFacts } from '../app/client.ts';

// The first render of a file loads its lazy screens and texts; on two cores shared with the
// browser tests that can take longer than the library's 1 s default for `findBy…`.
configure({ asyncUtilTimeout: 5_000 });

// In the app the signed-in area loads the route facts before any screen asks `can` or `pathOf`.
beforeAll(() => loadRouteFacts());

afterEach(() => {
  cleanup();
  localStorage.clear();
});
