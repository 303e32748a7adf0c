import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { ME_KEY, queryClient } from '../app/session.ts';
import { dismissNotice, useNotice } from './notify.ts';

/** The log link is left out for a signed-in user who may not open the log (only admins read it). */
function mayOpenLog(): boolean {
  return queryClient.getQueryData<Me>(ME_KEY)?.routes.includes('/log/protocol') ?? true;
}

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
          notice?.link ? (
            <Button
              color="inherit"
              size="small"
              component={Link}
              to={notice.link.to}
              onClick={() => dismissNotice(notice.id)}
              data-testid="snackbar-link"
            >
              {notice.link.label}
            </Button>
          ) : notice?.log && mayOpenLog() ? (
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
