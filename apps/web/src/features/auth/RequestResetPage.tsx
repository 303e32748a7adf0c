import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { FormText } from '../../components/form.tsx';
import { errorText } from '../../components/errors.ts';
import { requestResetForm } from './schemas.ts';

export function RequestResetPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(requestResetForm),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await call(
        'requestResetPassword',
        { body: { email, lang: currentLanguage() } },
        { ignoreSessionInvalid: true },
      );
      setSent(true);
    } catch (err) {
      setError(errorText(err));
    }
  });
  return (
    <AuthCard
      title={t('requestReset.title')}
      subtitle={t('requestReset.subtitle')}
      link={{ to: '/login', label: t('requestReset.back') }}
    >
      {sent ? (
        <Alert severity="success" data-testid="reset-requested">
          {t('requestReset.sent')}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <FormText
            control={control}
            name="email"
            label={t('fields.email')}
            type="email"
            required
            // The page's one task is this form: focus starts in its first field, the way sign-in pages do.
            // oxlint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            size="medium"
            autoComplete="email"
          />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            {t('requestReset.submit')}
          </Button>
        </Box>
      )}
    </AuthCard>
  );
}
