import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '@mui/material/styles';
import { pathOf, queryOptions, throwMissingItem } from './client.ts';
import { ScreenError } from './router.tsx';
import { createAppTheme } from './theme.ts';
import { setupTestI18n } from '../test/render.tsx';
import { stubApi } from '../test/emissions.tsx';
import { answer, errorAnswer, listFixture } from '../test/fixtures.ts';

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';

function UserScreen() {
  const user = useQuery(queryOptions('getUser', { params: { id: UNKNOWN } }));
  const groups = useQuery(queryOptions('userGroups', { query: {} }));
  return (
    <p>
      {user.data ? `Bearbeiten: ${user.data.name}` : 'lädt'} · {groups.isError ? 'Gruppen fehlen' : 'Gruppen'}
    </p>
  );
}

/** The screen as the app mounts it: the app's query defaults and the signed-in screens' error page. */
async function renderWithBoundary(language: 'de' | 'en') {
  const i18n = await setupTestI18n(language);
  const root = createRootRoute();
  const route = createRoute({
    getParentRoute: () => root,
    path: '/users/$id',
    component: UserScreen,
    errorComponent: ScreenError,
  });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [`/users/${UNKNOWN}`] }),
  });
  const qc = new QueryClient({
    defaultOptions: { queries: { retry: false, throwOnError: throwMissingItem } },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={createAppTheme(language)}>
        <QueryClientProvider client={qc}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>,
  );
  await router.load();
}

describe('a link to an unknown id (issue 37)', () => {
  it('shows the not-found page instead of an empty screen', async () => {
    stubApi((url) => {
      if (url.startsWith(pathOf('getUser', { id: UNKNOWN }))) return errorAnswer('notFound');
      if (url.startsWith(pathOf('userGroups'))) return answer('userGroups', listFixture('userGroups', []));
      return undefined;
    });
    await renderWithBoundary('de');
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeInTheDocument();
    expect(screen.queryByText(/Bearbeiten/)).toBeNull();
  });

  it('in English too', async () => {
    stubApi((url) =>
      url.startsWith(pathOf('getUser', { id: UNKNOWN })) ? errorAnswer('notFound') : undefined,
    );
    await renderWithBoundary('en');
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeInTheDocument();
  });

  it('leaves a 404 of a list, and other errors of an item, to the screen', async () => {
    stubApi((url) => {
      if (url.startsWith(pathOf('getUser', { id: UNKNOWN }))) return errorAnswer('internalError');
      if (url.startsWith(pathOf('userGroups'))) return errorAnswer('notFound');
      return undefined;
    });
    await renderWithBoundary('de');
    expect(await screen.findByText(/Gruppen fehlen/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Seite nicht gefunden' })).toBeNull();
  });
});
