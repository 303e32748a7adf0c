import type { BaseSyntheticEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../app/api.ts';
import { MOBILE_QUERY } from '../app/theme.ts';
import { errorText } from './errors.ts';

/** What the dialog needs of a write: `useApiMutation` gives it. */
export type DialogMutation = { busy: boolean; error: string | null; clearError: () => void };

type FormDialogProps = {
  id: string;
  title: string;
  mutation: DialogMutation;
  onSubmit: (e?: BaseSyntheticEvent) => unknown;
  onClose: () => void;
  /** Defaults to save; create dialogs pass the create label. */
  submitLabel?: string;
  submitDisabled?: boolean;
  submitTestId?: string;
  errorTestId?: string;
  /** Shows the "* required" line above the fields. */
  requiredHint?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  /** Layout of the form's fields. */
  sx?: SxProps<Theme>;
  /** Content below the form (progress, reports) that is not part of it. */
  after?: ReactNode;
  children: ReactNode;
};

/**
 * The create and edit dialog: title, a form with the fields, the refusal above them (it stays
 * until closed, seed 000 §8), cancel and submit. While the write runs, the dialog cannot be
 * closed and submit is disabled.
 */
export function FormDialog({
  id,
  title,
  mutation,
  onSubmit,
  onClose,
  submitLabel,
  submitDisabled = false,
  submitTestId,
  errorTestId,
  requiredHint = false,
  maxWidth = 'md',
  sx = { display: 'grid', gap: 2.5 },
  after,
  children,
}: FormDialogProps) {
  const { t } = useTranslation('common');
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const { busy, error } = mutation;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id={id}
          noValidate
          onSubmit={(e: BaseSyntheticEvent) => {
            e.preventDefault();
            void onSubmit(e);
          }}
          sx={sx}
        >
          {requiredHint && (
            <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
              {t('form.requiredHint')}
            </Typography>
          )}
          {error && (
            <Alert
              severity="error"
              onClose={mutation.clearError}
              role="alert"
              data-testid={errorTestId}
              sx={{ gridColumn: '1 / -1' }}
            >
              {error}
            </Alert>
          )}
          {children}
        </Box>
        {after}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button
          type="submit"
          form={id}
          variant="contained"
          disabled={busy || submitDisabled}
          data-testid={submitTestId}
        >
          {submitLabel ?? t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A titled group of fields in a two-column grid. */
export function FieldGroup({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h4" sx={{ mb: hint ? 0.5 : 1.5 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * The text of a refused save, marking the field the server names (`detail.field`) on the way.
 * `fieldOf` maps the server's field path to a form field.
 */
export function applyServerError<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fieldOf: (field: string) => string | null = (f) => f,
): string {
  const text = errorText(err);
  if (err instanceof ApiError && typeof err.detail?.field === 'string') {
    const field = fieldOf(err.detail.field);
    if (field) setError(field as Path<T>, { type: 'server', message: text }, { shouldFocus: true });
  }
  return text;
}
