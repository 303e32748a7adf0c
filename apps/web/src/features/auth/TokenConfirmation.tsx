import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api.ts';
import { call } from '../../app/client.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { errorText } from '../../components/errors.ts';

type State = { kind: 'pending' } | { kind: 'ok' } | { kind: 'already' } | { kind: 'error'; text: string };

/**
 * Posts the token of an e-mailed link once and shows the outcome: registration and a new e-mail
 * address are confirmed alike.
 */
export function TokenConfirmation({
  token,
  route,
  texts,
  invalidKey,
  alreadyKey,
}: {
  token: string | undefined;
  /** The route that takes the token. */
  route: 'confirmRegistration' | 'confirmEmailChange';
  /** Keys in `auth` of the title, the pending and the success text. */
  texts: { title: string; pending: string; ok: string };
  /** The catalogue keys of an unusable link and of a link already followed (if told apart). */
  invalidKey: string;
  alreadyKey?: string;
}) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const [answer, setState] = useState<State>({ kind: 'pending' });
  const sent = useRef(false);
  // A link without a token is refused without asking the server.
  const state: State = token ? answer : { kind: 'error', text: t(`errors:${invalidKey}`) };

  useEffect(() => {
    // StrictMode mounts twice; the token works only once.
    if (sent.current || !token) return;
    sent.current = true;
    call(route, { body: { token } }, { ignoreSessionInvalid: true })
      .then(() => setState({ kind: 'ok' }))
      .catch((err: unknown) => {
        if (alreadyKey && err instanceof ApiError && err.key === alreadyKey) setState({ kind: 'already' });
        else setState({ kind: 'error', text: errorText(err) });
      });
  }, [token, route, alreadyKey]);

  return (
    <AuthCard title={t(texts.title)}>
      {state.kind === 'pending' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-label={t(texts.pending)} />
          {t(texts.pending)}
        </Box>
      )}
      {state.kind === 'ok' && (
        <Alert severity="success" data-testid="confirm-ok">
          {t(texts.ok)}
        </Alert>
      )}
      {state.kind === 'already' && <Alert severity="info">{t(`errors:${alreadyKey}`)}</Alert>}
      {state.kind === 'error' && <Alert severity="error">{state.text}</Alert>}
      {state.kind !== 'pending' && (
        <Button component={Link} to="/login" variant="contained" sx={{ mt: 3 }}>
          {t('confirm.toLogin')}
        </Button>
      )}
    </AuthCard>
  );
}
