import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearch } from '@tanstack/react-router';
import i18n from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api.ts';
import { call } from '../../app/client.ts';
import { applyLanguage, isLanguage } from '../../app/i18n.ts';
import { checkProductVersion, queryClient, refreshMe } from '../../app/session.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { validateLogin, type LoginErrors, type LoginForm } from './loginSchema.ts';

/** Login answers that get their own text (seed 000 §8). */
const LOGIN_ERRORS: Record<string, string> = {
  notVerified: 'login.errors.notVerified',
  userDeleted: 'login.errors.userDeleted',
  invalidCredentials: 'login.errors.invalidCredentials',
  noRoles: 'login.errors.noRoles',
};

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const search = useSearch({ from: '/public/login' });
  const [values, setValues] = useState<LoginForm>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (k: keyof LoginForm) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [k]: e.target.value };
    setValues(next);
    if (touched) setErrors(validateLogin(next));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      await call(
        'login',
        { body: { username: values.username.trim(), password: values.password } },
        { ignoreSessionInvalid: true },
      );
      checkProductVersion();
      queryClient.clear();
      const me = await refreshMe();
      if (isLanguage(me.userPreference.language)) await applyLanguage(me.userPreference.language);
      await navigate({ href: search.redirect ?? '/' });
    } catch (err) {
      const key = err instanceof ApiError ? LOGIN_ERRORS[err.key] : undefined;
      if (key) setError(t(key));
      else {
        // The error texts are loaded only when one is needed.
        await i18n.loadNamespaces('errors');
        const { errorText } = await import('../../components/errors.ts');
        setError(errorText(err));
      }
    } finally {
      setBusy(false);
    }
  };

  const msg = (k: keyof LoginForm) => (errors[k] ? t(`common:${errors[k]}`) : undefined);

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <Typography variant="body2" color="text.secondary">
          {t('login.noAccount')}{' '}
          <RouterLink to="/register" sx={{ fontWeight: 600 }}>
            {t('login.register')}
          </RouterLink>
        </Typography>
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5 }}>
        {error && (
          <Typography
            role="alert"
            data-testid="login-error"
            sx={{
              px: 2,
              py: 1.5,
              borderRadius: 2,
              bgcolor: '#fdecea',
              color: '#5f2120',
              border: 1,
              borderColor: '#f5c2c0',
            }}
          >
            {error}
          </Typography>
        )}
        <TextInput
          name="username"
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          required
          autoFocus
          size="medium"
          value={values.username}
          onChange={set('username')}
          error={!!errors.username}
          helperText={msg('username')}
        />
        <PasswordField
          name="password"
          label={t('fields.password')}
          autoComplete="current-password"
          required
          size="medium"
          value={values.password}
          onChange={set('password')}
          error={!!errors.password}
          helperText={msg('password')}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
          <RouterLink to="/request-reset-password" variant="body2">
            {t('login.forgot')}
          </RouterLink>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {t('login.submit')}
        </Button>
      </Box>
    </AuthCard>
  );
}
