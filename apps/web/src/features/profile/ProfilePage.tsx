import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EMAIL_NOTIFICATION_DELAYS, LANGUAGES, type Language } from '@klimadesk/contract/constants';
import type { Me, UserPreference } from '@klimadesk/contract/platform/schemas';
import { ApiError } from '../../app/api.ts';
import { call } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { ME_KEY, queryClient, refreshMe } from '../../app/session.ts';
import { useMe } from '../../app/useMe.ts';
import { FormNewPassword, FormText, SaveRow } from '../../components/form.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { PersonFields } from '../../components/PersonFields.tsx';
import { notifyError } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { PageColumns, PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { changeLanguage } from '../../components/LanguageSwitcher.tsx';
import { Flag } from '../../components/Flag.tsx';
import {
  profileForm,
  passwordChangeForm,
  toUserPatch,
  userToForm,
  type ProfileForm,
} from '../users/userSchemas.ts';

export function ProfilePage() {
  const { t } = useTranslation(['account', 'common']);
  const me = useMe();
  return (
    <>
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      <PageColumns columns="3fr 2fr">
        <PersonalData me={me} />
        <Box sx={{ display: 'grid', gap: 3 }}>
          <PasswordChange me={me} />
          <LanguageCard />
          <Notifications me={me} />
        </Box>
      </PageColumns>
    </>
  );
}

function PersonalData({ me }: { me: Me }) {
  const { t } = useTranslation(['account', 'common', 'auth']);
  const { control, handleSubmit, formState, reset } = useForm<ProfileForm>({
    resolver: zodResolver(profileForm),
    defaultValues: userToForm(me),
  });
  // A new own address needs the current password and counts once the link sent to it is followed.
  const email = useWatch({ control, name: 'email' });
  const emailChanged = (email ?? '').trim().toLowerCase() !== me.email;
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const save = handleSubmit(async (v) => {
    if (emailChanged && !currentPassword) {
      setPasswordError(t('common:validation.required'));
      return;
    }
    try {
      const patch = toUserPatch(v);
      const saved = await call('updateUser', {
        params: { id: me.id },
        body: emailChanged ? { ...patch, currentPassword } : patch,
      });
      const next = await refreshMe();
      reset(userToForm(next));
      setCurrentPassword('');
      setPasswordError(null);
      if (emailChanged && saved.email !== patch.email) {
        notify(t('profile.emailConfirmSent', { email: patch.email }));
      } else notify(t('common:notify.saved'));
    } catch (err) {
      if (err instanceof ApiError && err.key === 'invalidCredentials') {
        setPasswordError(t('profile.currentPasswordWrong'));
      } else notifyError(err, { log: true });
    }
  });
  return (
    <SectionCard title={t('profile.personal')} description={t('common:form.requiredHint')}>
      <Box
        component="form"
        noValidate
        onSubmit={save}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <PersonFields control={control} self />
        {emailChanged && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <PasswordField
              name="currentPasswordForEmail"
              label={t('profile.currentPassword')}
              required
              value={currentPassword}
              onChange={(e) => {
                setCurrentPassword(e.target.value);
                setPasswordError(null);
              }}
              autoComplete="current-password"
              error={!!passwordError}
              helperText={passwordError ?? t('profile.emailChangeHint')}
            />
          </Box>
        )}
        <SaveRow formState={formState} fullRow />
      </Box>
    </SectionCard>
  );
}

function PasswordChange({ me }: { me: Me }) {
  const { t } = useTranslation(['account', 'common']);
  const { control, handleSubmit, formState, reset, setError } = useForm({
    resolver: zodResolver(passwordChangeForm),
    defaultValues: { currentPassword: '', password: '', repeatPassword: '' },
  });
  const save = handleSubmit(async (v) => {
    try {
      await call('updateUser', {
        params: { id: me.id },
        body: { currentPassword: v.currentPassword, password: v.password },
      });
      reset();
      notify(t('profile.passwordChanged'));
    } catch (err) {
      // A wrong current password answers 401 like an ended session, which the snackbar skips:
      // the field says it instead.
      if (err instanceof ApiError && err.key === 'invalidCredentials') {
        setError('currentPassword', { message: t('profile.currentPasswordWrong') }, { shouldFocus: true });
      } else notifyError(err, { log: true });
    }
  });
  return (
    <SectionCard title={t('profile.password')}>
      <Box component="form" noValidate onSubmit={save} sx={{ display: 'grid', gap: 2 }}>
        <FormText
          control={control}
          name="currentPassword"
          label={t('profile.currentPassword')}
          required
          password
          autoComplete="current-password"
        />
        <FormNewPassword
          control={control}
          label={t('profile.newPassword')}
          repeatLabel={t('profile.repeatPassword')}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="outlined" disabled={formState.isSubmitting}>
            {t('profile.changePassword')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}

function LanguageCard() {
  const { t } = useTranslation(['account', 'common']);
  const lang = currentLanguage();
  return (
    <SectionCard title={t('profile.language')} description={t('profile.languageHint')}>
      <RadioGroup
        aria-label={t('profile.language')}
        value={lang}
        onChange={(e) =>
          void changeLanguage(e.target.value as Language).then(() => notify(t('common:notify.saved')))
        }
        row
      >
        {LANGUAGES.map((l) => (
          <FormControlLabel
            key={l}
            value={l}
            control={<Radio />}
            label={
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Flag lang={l} /> {t(`common:language.${l}`)}
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </SectionCard>
  );
}

const prefSchema = z.object({
  isEmailNotificationEnabled: z.boolean(),
  emailNotificationDelay: z.enum(EMAIL_NOTIFICATION_DELAYS),
});

function Notifications({ me }: { me: Me }) {
  const { t } = useTranslation(['account', 'common']);
  const pref = me.userPreference;
  const mutation = useMutation({
    mutationFn: (patch: Partial<UserPreference>) =>
      call('updateUserPreferences', { body: prefSchema.partial().parse(patch) }),
    onSuccess: (next) => {
      queryClient.setQueryData<Me>(ME_KEY, (m) =>
        m ? { ...m, userPreference: { ...m.userPreference, ...next } } : m,
      );
      notify(t('common:notify.saved'));
    },
    onError: (err) => notifyError(err),
  });
  return (
    <SectionCard title={t('profile.notifications')} description={t('profile.notificationsHint')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <FormControlLabel
          control={
            <Switch
              checked={pref.isEmailNotificationEnabled}
              onChange={(e) => mutation.mutate({ isEmailNotificationEnabled: e.target.checked })}
            />
          }
          label={t('profile.emailEnabled')}
        />
        <TextField
          select
          label={t('profile.delay')}
          value={pref.emailNotificationDelay}
          disabled={!pref.isEmailNotificationEnabled}
          onChange={(e) =>
            mutation.mutate({
              emailNotificationDelay: e.target.value as UserPreference['emailNotificationDelay'],
            })
          }
        >
          {EMAIL_NOTIFICATION_DELAYS.map((d) => (
            <MenuItem key={d} value={d}>
              {t(`profile.delays.${d}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
    </SectionCard>
  );
}
