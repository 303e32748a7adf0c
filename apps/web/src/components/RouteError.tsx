import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

export function RouteError({ reset }: { error: unknown; reset?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ p: 4 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => (reset ? reset() : window.location.reload())}>
            {t('actions.retry')}
          </Button>
        }
      >
        {t('errors:internalError')}
      </Alert>
    </Box>
  );
}
