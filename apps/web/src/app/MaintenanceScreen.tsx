import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BuildCircleOutlined from '@mui/icons-material/BuildCircleOutlined';
import { useTranslation } from 'react-i18next';
import { call } from './client.ts';
import { GRANT_KEY } from './MaintenanceGate.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { Logo } from '../components/Logo.tsx';

/** Full-page maintenance screen with the access-password gate (seed 002 §2). */
export function MaintenanceScreen({ until, onGranted }: { until: string | null; onGranted: () => void }) {
  const { t, i18n } = useTranslation(['common', 'app']);
  const [password, setPassword] = useState('');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(false);
    try {
      await call('maintenanceAccess', { body: { password } }, { ignoreSessionInvalid: true });
      sessionStorage.setItem(GRANT_KEY, '1');
      onGranted();
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  };

  const untilText = until
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
        new Date(until),
      )
    : null;

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(160deg, #0f766e 0%, #134e4a 60%, #1f2937 100%)',
      }}
    >
      <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 480, width: '100%', textAlign: 'center' }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
          <Logo />
        </Box>
        <BuildCircleOutlined color="primary" sx={{ fontSize: 56, mb: 1 }} />
        <Typography variant="h1" gutterBottom>
          {t('app:maintenance.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {untilText ? t('app:maintenance.textUntil', { until: untilText }) : t('app:maintenance.text')}
        </Typography>
        <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2, textAlign: 'left' }}>
          <PasswordField
            label={t('app:maintenance.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="off"
          />
          {error && <Alert severity="error">{t('app:maintenance.wrongPassword')}</Alert>}
          <Button type="submit" variant="contained" disabled={busy || !password}>
            {t('app:maintenance.enter')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
