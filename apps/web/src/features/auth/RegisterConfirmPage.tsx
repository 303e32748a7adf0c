import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../app/api.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { errorText } from '../../components/errors.ts';

type State = { kind: 'pending' } | { kind: 'ok' } | { kind: 'already' } | { kind: 'error'; text: string };

export function RegisterConfirmPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const { token } = useSearch({ from: '/public/register/confirm' });
  const [state, setState] = useState<State>({ kind: 'pending' });
  const sent = useRef(false);

  useEffect(() => {
    // StrictMode mounts twice; the token works only once.
    if (sent.current) return;
    sent.current = true;
    if (!token) {
      setState({ kind: 'error', text: t('errors:confirmationInvalid') });
      return;
    }
    api
      .post('/api/companies/registration/confirm', { token }, { ignoreSessionInvalid: true })
      .then(() => setState({ kind: 'ok' }))
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.key === 'accountAlreadyVerified') setState({ kind: 'already' });
        else setState({ kind: 'error', text: errorText(err) });
      });
  }, [token, t]);

  return (
    <AuthCard title={t('confirm.title')}>
      {state.kind === 'pending' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-label={t('confirm.pending')} />
          {t('confirm.pending')}
        </Box>
      )}
      {state.kind === 'ok' && (
        <Alert severity="success" data-testid="confirm-ok">
          {t('confirm.ok')}
        </Alert>
      )}
      {state.kind === 'already' && <Alert severity="info">{t('errors:accountAlreadyVerified')}</Alert>}
      {state.kind === 'error' && <Alert severity="error">{state.text}</Alert>}
      {state.kind !== 'pending' && (
        <Button component={Link} to="/login" variant="contained" sx={{ mt: 3 }}>
          {t('confirm.toLogin')}
        </Button>
      )}
    </AuthCard>
  );
}
