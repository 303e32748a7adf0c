import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useBlocker } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { shouldPromptOnLeave } from './csrdModel.ts';

/**
 * Asks before a page with unsaved changes is left (seed 001 §4): a move inside the app opens the
 * dialog, closing or reloading the tab gets the browser's own question.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const { t } = useTranslation('csrd');
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => shouldPromptOnLeave(dirty, current.pathname, next.pathname),
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  if (blocker.status !== 'blocked') return null;
  return (
    <Dialog open onClose={blocker.reset} maxWidth="xs" fullWidth aria-labelledby="unsaved-title">
      <DialogTitle id="unsaved-title">{t('unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('unsaved.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={blocker.reset} data-testid="unsaved-stay">
          {t('unsaved.stay')}
        </Button>
        <Button variant="contained" color="error" onClick={blocker.proceed} data-testid="unsaved-leave">
          {t('unsaved.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
