import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './useDocumentTitle.ts';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.title'));
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography
        component="p"
        aria-hidden="true"
        sx={{ fontSize: '6rem', fontWeight: 800, lineHeight: 1, color: 'primary.main', opacity: 0.85 }}
      >
        404
      </Typography>
      <Typography variant="h1" sx={{ mt: 2, mb: 1 }}>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('notFound.text')}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        {t('notFound.home')}
      </Button>
    </Box>
  );
}
