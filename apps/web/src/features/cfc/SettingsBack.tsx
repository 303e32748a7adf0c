import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The way back from a settings page to the settings hub. */
export function SettingsBack() {
  const { t } = useTranslation('cfc');
  return (
    <Button component={Link} to="/cfc/settings" startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
      {t('settings.back')}
    </Button>
  );
}
