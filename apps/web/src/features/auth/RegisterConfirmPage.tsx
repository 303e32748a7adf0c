import { useSearch } from '@tanstack/react-router';
import { TokenConfirmation } from './TokenConfirmation.tsx';

export function RegisterConfirmPage() {
  const { token } = useSearch({ from: '/public/register/confirm' });
  return (
    <TokenConfirmation
      token={token}
      route="confirmRegistration"
      texts={{ title: 'confirm.title', pending: 'confirm.pending', ok: 'confirm.ok' }}
      invalidKey="confirmationInvalid"
      alreadyKey="accountAlreadyVerified"
    />
  );
}
