import type { FormEventHandler, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api.ts';
import { MOBILE_QUERY } from '../../app/theme.ts';
import { errorText } from '../../components/errors.ts';

/** The frame of the create and edit dialogs; a save error stays visible until it is closed. */
export function FleetFormDialog({
  id,
  title,
  creating,
  busy,
  error,
  onCloseError,
  onSubmit,
  onClose,
  children,
}: {
  id: string;
  title: string;
  creating: boolean;
  busy: boolean;
  error: string | null;
  onCloseError: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent dividers>
        <Box component="form" id={id} noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 3 }}>
          <Typography variant="body2" color="text.secondary">
            {t('form.requiredHint')}
          </Typography>
          {error && (
            <Alert severity="error" onClose={onCloseError} role="alert" data-testid="fleet-form-error">
              {error}
            </Alert>
          )}
          {children}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" form={id} variant="contained" disabled={busy}>
          {creating ? t('actions.create') : t('actions.save')}
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
 * Shows a refused save: the text above the form and, where the server names the field, at the
 * field too. `fieldOf` maps the server's field path to a form field.
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
