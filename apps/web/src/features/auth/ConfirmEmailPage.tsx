import { useSearch } from '@tanstack/react-router';
import { TokenConfirmation } from './TokenConfirmation.tsx';

/** The page the link sent to a new own e-mail address opens (issue 12 F5). */
export function ConfirmEmailPage() {
  const { token } = useSearch({ from: '/public/confirm-email' });
  return (
    <TokenConfirmation
      token={token}
      route="confirmEmailChange"
      texts={{ title: 'confirmEmail.title', pending: 'confirmEmail.pending', ok: 'confirmEmail.ok' }}
      invalidKey="emailChangeInvalid"
    />
  );
}
