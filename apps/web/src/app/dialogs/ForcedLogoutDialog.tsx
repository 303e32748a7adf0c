import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { endSession } from '../session.ts';

/** Shown when the selected module has no active booking; only platform admins may continue. */
export function ForcedLogoutDialog({
  canContinue,
  onContinue,
}: {
  canContinue: boolean;
  onContinue: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Dialog open aria-labelledby="forced-logout-title">
      <DialogTitle id="forced-logout-title">{t('app:forcedLogout.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('app:forcedLogout.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {canContinue && <Button onClick={onContinue}>{t('app:forcedLogout.continue')}</Button>}
        <Button variant="contained" onClick={() => void endSession('moduleNotBooked')}>
          {t('app:userMenu.logout')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
