import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_VERSION } from '@klimadesk/contract/constants';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { LegalLinks } from './LegalLinks.tsx';
import { Logo } from './Logo.tsx';

/** Frame of the public pages: brand panel on wide screens, the form on the right. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        component="aside"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          width: '42%',
          maxWidth: 620,
          p: 6,
          color: '#ecfdf5',
          background:
            'radial-gradient(circle at 20% 20%, rgba(45,212,191,0.35), transparent 45%), linear-gradient(155deg, #0f766e 0%, #115e59 45%, #16302b 100%)',
        }}
      >
        <Logo inverted />
        <Box>
          <Typography component="p" sx={{ fontSize: '2rem', fontWeight: 750, lineHeight: 1.2, mb: 2 }}>
            {t('brand.claim')}
          </Typography>
          <Typography sx={{ opacity: 0.85, mb: 4, maxWidth: 440 }}>{t('brand.text')}</Typography>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {(['point1', 'point2', 'point3'] as const).map((p) => (
              <Box key={p} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                <CheckCircleOutline sx={{ color: '#5eead4' }} />
                <Typography>{t(`brand.${p}`)}</Typography>
              </Box>
            ))}
          </Box>
        </Box>
        <Typography variant="caption" sx={{ opacity: 0.7 }}>
          Klimadesk v{PRODUCT_VERSION} · GLEC Framework 3.1
        </Typography>
      </Box>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Box
          component="header"
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            px: { xs: 2, sm: 4 },
            py: 2,
          }}
        >
          <Box sx={{ display: { xs: 'block', md: 'none' } }}>
            <Logo />
          </Box>
          <Box sx={{ ml: 'auto' }}>
            <LanguageSwitcher />
          </Box>
        </Box>
        <Box
          component="main"
          sx={{
            flex: 1,
            display: 'flex',
            justifyContent: 'center',
            alignItems: 'flex-start',
            px: 2,
            py: { xs: 2, sm: 6 },
          }}
        >
          <Box sx={{ width: '100%', maxWidth: 560 }}>
            <Outlet />
          </Box>
        </Box>
        <Box
          component="footer"
          sx={{ px: { xs: 2, sm: 4 }, py: 3, display: 'flex', justifyContent: 'center' }}
        >
          <LegalLinks />
        </Box>
      </Box>
    </Box>
  );
}
