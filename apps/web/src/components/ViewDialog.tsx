import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { MOBILE_QUERY } from '../app/theme.ts';

/**
 * A dialog that shows something (a log, a list, issues) rather than a form: title, content,
 * `actions` before the close button. Full screen on phones like the form dialogs.
 */
export function ViewDialog({
  id,
  title,
  open = true,
  onClose,
  maxWidth = 'md',
  contentSx,
  actions,
  close,
  after,
  children,
}: {
  /** The title's id, which labels the dialog. */
  id: string;
  title: ReactNode;
  /** For a dialog that stays mounted while another one it opened is shown. */
  open?: boolean;
  onClose: () => void;
  maxWidth?: DialogProps['maxWidth'];
  contentSx?: SxProps<Theme>;
  actions?: ReactNode;
  close?: { label?: string; primary?: boolean; testId?: string };
  /** Dialogs it opens (edit, confirm), rendered inside it. */
  after?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby={id}
    >
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent dividers sx={contentSx}>
        {children}
      </DialogContent>
      <DialogActions>
        {actions}
        <Button variant={close?.primary ? 'contained' : 'text'} onClick={onClose} data-testid={close?.testId}>
          {close?.label ?? t('actions.close')}
        </Button>
      </DialogActions>
      {after}
    </Dialog>
  );
}
