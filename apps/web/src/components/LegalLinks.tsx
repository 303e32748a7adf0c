import Box from '@mui/material/Box';
import { RouterLink } from './RouterLink.tsx';
import { useTranslation } from 'react-i18next';

const PAGES = ['terms', 'privacy', 'imprint', 'cookies'] as const;

/** Footer links to the legal pages (public, so they work before login too). */
export function LegalLinks({
  color = 'text.secondary',
  column = false,
}: {
  color?: string;
  column?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Box
      component="nav"
      aria-label={t('legal.nav')}
      sx={{
        display: 'flex',
        flexDirection: column ? 'column' : 'row',
        flexWrap: 'wrap',
        gap: column ? 0.5 : 2,
        fontSize: '0.8rem',
      }}
    >
      {PAGES.map((p) => (
        <RouterLink key={p} to="/legal/$page" params={{ page: p }} underline="hover" sx={{ color }}>
          {t(`legal.${p}`)}
        </RouterLink>
      ))}
    </Box>
  );
}
