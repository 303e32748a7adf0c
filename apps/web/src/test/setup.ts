import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadAccessFacts } from '../app/client.ts';

// In the app the signed-in area loads the access facts before any screen asks `can`.
beforeAll(() => loadAccessFacts());

afterEach(() => {
  cleanup();
  localStorage.clear();
});
