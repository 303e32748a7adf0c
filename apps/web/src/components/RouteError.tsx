import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function RouteError({ reset }: { error: unknown; reset?: () => void }) {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <Box
      role="alert"
      sx={{ m: 4, p: 3, border: 1, borderColor: 'error.light', borderRadius: 3, bgcolor: '#fef2f2' }}
    >
      <Typography sx={{ mb: 2 }}>{t('internalError')}</Typography>
      <Button variant="outlined" color="error" onClick={() => (reset ? reset() : window.location.reload())}>
        {t('common:actions.retry')}
      </Button>
    </Box>
  );
}
