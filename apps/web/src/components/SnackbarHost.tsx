import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { dismissNotice, useNotice } from './notify.ts';

export function SnackbarHost() {
  const notice = useNotice();
  const { t } = useTranslation('common');
  return (
    <Snackbar
      key={notice?.id}
      open={notice !== null}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={notice?.duration}
      onClose={(_e, reason) => {
        if (reason !== 'clickaway' && notice) dismissNotice(notice.id);
      }}
    >
      <Alert
        variant="filled"
        severity={notice?.severity ?? 'info'}
        onClose={() => notice && dismissNotice(notice.id)}
        sx={{ minWidth: 320, alignItems: 'center', boxShadow: 6 }}
        data-testid="snackbar"
        action={
          notice?.log ? (
            <Button
              color="inherit"
              size="small"
              component={Link}
              to="/log/protocol"
              onClick={() => dismissNotice(notice.id)}
            >
              {t('notify.log')}
            </Button>
          ) : undefined
        }
      >
        {notice?.message}
      </Alert>
    </Snackbar>
  );
}
