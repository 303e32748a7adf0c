import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadRouteFacts } from '../app/client.ts';

// In the app the signed-in area loads the route facts before any screen asks `can` or `pathOf`.
beforeAll(() => loadRouteFacts());

afterEach(() => {
  cleanup();
  localStorage.clear();
});
