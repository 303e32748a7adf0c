import { Suspense, useEffect, useMemo, useState } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { I18nextProvider } from 'react-i18next';
import { configureApi } from './api.ts';
import { currentLanguage, setupI18n } from './i18n.ts';
import { configureSessionNavigation, onSessionInvalid, queryClient } from './session.ts';
import { router } from './router.tsx';
import { createAppTheme } from './theme.ts';
import { FullPageLoader } from '../components/FullPageLoader.tsx';
import { MaintenanceGate } from './MaintenanceGate.tsx';

const i18n = setupI18n();
configureApi({ language: currentLanguage, onSessionInvalid });
configureSessionNavigation((to) => void router.navigate({ href: to }));

export function App() {
  const [lang, setLang] = useState(currentLanguage());
  useEffect(() => {
    const onChange = () => setLang(currentLanguage());
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);
  const theme = useMemo(() => createAppTheme(lang), [lang]);
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<FullPageLoader />}>
            <MaintenanceGate>
              <RouterProvider router={router} />
            </MaintenanceGate>
          </Suspense>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
