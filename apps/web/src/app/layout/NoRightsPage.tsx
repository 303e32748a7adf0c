import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/useDocumentTitle.ts';

/** Shown in the layout in place of a screen the user may not open (seed 002 §6); the session stays. */
export function NoRightsPage() {
  const { t } = useTranslation('modules');
  useDocumentTitle(t('noRights.title'));
  return (
    <Box role="alert" data-testid="no-rights" sx={{ textAlign: 'center', py: { xs: 4, sm: 8 }, px: 2 }}>
      <LockOutlined sx={{ fontSize: 64, color: 'primary.main', opacity: 0.85 }} aria-hidden="true" />
      <Typography variant="h1" sx={{ mt: 2, mb: 1 }}>
        {t('noRights.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 520, mx: 'auto' }}>
        {t('noRights.text')}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        {t('noRights.home')}
      </Button>
    </Box>
  );
}
