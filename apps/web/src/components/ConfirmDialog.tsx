import { useCallback, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorText } from './errors.ts';
import { useApiMutation, type ApiMutationOptions } from './useApiMutation.ts';

/** A choice offered with a confirmation, e.g. to revoke a deleted user's API keys as well. */
export type ConfirmOption = { label: string; checked: boolean; onChange: (checked: boolean) => void };

/** Confirms a deletion; server errors (last admin and the like) stay visible in the dialog. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
  danger = true,
  option,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  danger?: boolean;
  option?: ConfirmOption;
}) {
  const { t } = useTranslation('common');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
    >
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{text}</DialogContentText>
        {option && (
          <FormControlLabel
            sx={{ mt: 1.5, alignItems: 'flex-start' }}
            control={
              <Checkbox
                checked={option.checked}
                onChange={(e) => option.onChange(e.target.checked)}
                sx={{ mt: -0.75 }}
                data-testid="confirm-option"
              />
            }
            label={option.label}
          />
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="confirm-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onConfirm();
            } catch (err) {
              setError(errorText(err));
            } finally {
              setBusy(false);
            }
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What the confirm dialog of a write says about the row it is asked for. */
export type ConfirmText = {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  option?: ConfirmOption;
};

/** The confirmation of a delete: its title and text, and "Delete" on the button. */
export function deleteConfirm(title: string, text: string): ConfirmText {
  return { title, text, confirmLabel: i18n.t('common:actions.delete') };
}

/**
 * A write on a row that asks first (delete, cancel): `ask(row)` opens the confirm dialog, which
 * runs the write and closes on success; a refusal stays in the dialog. Render `dialog` in the page.
 */
export function useConfirmedWrite<V, R = unknown>({
  confirm,
  ...opts
}: ApiMutationOptions<V, R> & { confirm: (vars: V) => ConfirmText }): {
  ask: (vars: V) => void;
  dialog: ReactNode;
} {
  const [asked, setAsked] = useState<{ vars: V } | null>(null);
  const write = useApiMutation<V, R>({
    ...opts,
    onSuccess: (result, vars) => {
      setAsked(null);
      opts.onSuccess?.(result, vars);
    },
  });
  // Keeps its identity across renders, so a memoized column list can call it.
  const ask = useCallback((vars: V) => setAsked({ vars }), []);
  return {
    ask,
    dialog: asked && (
      <ConfirmDialog
        {...confirm(asked.vars)}
        onClose={() => setAsked(null)}
        onConfirm={() => write.runOrThrow(asked.vars).then(() => undefined)}
      />
    ),
  };
}
