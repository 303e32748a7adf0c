import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearch } from '@tanstack/react-router';
import i18n, { type TFunction } from 'i18next';
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

const ERROR_SX = {
  px: 2,
  py: 1.5,
  borderRadius: 2,
  bgcolor: '#fdecea',
  color: '#5f2120',
  border: 1,
  borderColor: '#f5c2c0',
};

/** Signs in and takes over the new session: a fresh cache, the user and the user's language. */
async function signIn(values: LoginForm) {
  await call(
    'login',
    { body: { username: values.username.trim(), password: values.password } },
    { ignoreSessionInvalid: true },
  );
  checkProductVersion();
  queryClient.clear();
  const me = await refreshMe();
  if (isLanguage(me.userPreference.language)) await applyLanguage(me.userPreference.language);
}

/** The text of a refused login: the login's own text where it has one, else the general error text. */
async function loginErrorText(err: unknown, t: TFunction): Promise<string> {
  const key = err instanceof ApiError ? LOGIN_ERRORS[err.key] : undefined;
  if (key) return t(key);
  // The error texts are loaded only when one is needed.
  await i18n.loadNamespaces('errors');
  const { errorText } = await import('../../components/errors.ts');
  return errorText(err);
}

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const search = useSearch({ from: '/public/login' });
  const [values, setValues] = useState<LoginForm>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Value, change handler and error of a field, checked again on change once submitted. */
  const bind = (k: keyof LoginForm) => ({
    name: k,
    value: values[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [k]: e.target.value };
      setValues(next);
      if (touched) setErrors(validateLogin(next));
    },
    error: !!errors[k],
    helperText: errors[k] ? t(`common:${errors[k]}`) : undefined,
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      await signIn(values);
      await navigate({ href: search.redirect ?? '/' });
    } catch (err) {
      setError(await loginErrorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      link={{ lead: t('login.noAccount'), to: '/register', label: t('login.register') }}
    >
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.5 }}>
        {error && (
          <Typography role="alert" data-testid="login-error" sx={ERROR_SX}>
            {error}
          </Typography>
        )}
        <TextInput
          {...bind('username')}
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          required
          // The page's one task is this form: focus starts in its first field, the way sign-in pages do.
          // oxlint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          size="medium"
        />
        <PasswordField
          {...bind('password')}
          label={t('fields.password')}
          autoComplete="current-password"
          required
          size="medium"
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
