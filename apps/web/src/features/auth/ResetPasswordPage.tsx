import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/client.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { FormNewPassword } from '../../components/form.tsx';
import { errorText } from '../../components/errors.ts';
import { newPassword } from './schemas.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const { token } = useParams({ from: '/public/reset-password/$token' });
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(newPassword),
    defaultValues: { password: '', repeatPassword: '' },
  });
  const onSubmit = handleSubmit(async (v) => {
    setError(null);
    try {
      await call('resetPassword', { params: { token }, body: v }, { ignoreSessionInvalid: true });
      setDone(true);
    } catch (err) {
      setError(errorText(err));
    }
  });
  return (
    <AuthCard title={t('reset.title')} subtitle={done ? undefined : t('reset.subtitle')}>
      {done ? (
        <>
          <Alert severity="success" data-testid="reset-done">
            {t('reset.done')}
          </Alert>
          <Button component={Link} to="/login" variant="contained" sx={{ mt: 3 }}>
            {t('reset.toLogin')}
          </Button>
        </>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <FormNewPassword
            control={control}
            label={t('fields.newPassword')}
            repeatLabel={t('fields.repeatPassword')}
            size="medium"
            // The page's one task is this form: focus starts in its first field, the way sign-in pages do.
            // oxlint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
          <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
            {t('reset.submit')}
          </Button>
        </Box>
      )}
    </AuthCard>
  );
}
