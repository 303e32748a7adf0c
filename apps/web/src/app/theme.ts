import { createTheme, type Theme } from '@mui/material/styles';
import { deDE, enUS } from '@mui/material/locale';
import type { Language } from '@klimadesk/contract/constants';
import { MOBILE_BREAKPOINT_PX } from '@klimadesk/contract/constants';

/** Query for the mobile layout (seed 000 §9: below 992 px). */
export const MOBILE_QUERY = `(max-width:${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export function createAppTheme(lang: Language): Theme {
  return createTheme(
    {
      palette: {
        mode: 'light',
        primary: { main: '#0f766e', light: '#14b8a6', dark: '#115e59', contrastText: '#ffffff' },
        secondary: { main: '#3f6212', contrastText: '#ffffff' },
        success: { main: '#15803d' },
        // MUI's default warning and info colours carry white text below the 4.5:1 contrast of WCAG AA
        // (filled snackbars, chips); these darker tones keep it.
        warning: { main: '#b45309', contrastText: '#ffffff' },
        info: { main: '#0369a1', contrastText: '#ffffff' },
        background: { default: '#f4f7f6', paper: '#ffffff' },
        text: { primary: '#14211f', secondary: '#4b5b58' },
        divider: '#dfe7e5',
      },
      shape: { borderRadius: 10 },
      breakpoints: { values: { xs: 0, sm: 600, md: MOBILE_BREAKPOINT_PX, lg: 1440, xl: 1920 } },
      typography: {
        fontFamily:
          '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
        h1: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.01em' },
        h2: { fontSize: '1.4rem', fontWeight: 700 },
        h3: { fontSize: '1.15rem', fontWeight: 650 },
        h4: { fontSize: '1.05rem', fontWeight: 650 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
        MuiCard: {
          defaultProps: { variant: 'outlined' },
          styleOverrides: { root: { borderColor: '#dfe7e5' } },
        },
        MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
        MuiFormControl: { defaultProps: { size: 'small' } },
        MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
        MuiTooltip: { defaultProps: { arrow: true } },
        MuiDialogTitle: { styleOverrides: { root: { fontWeight: 700 } } },
      },
    },
    lang === 'de' ? deDE : enUS,
  );
}
