import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Role } from '@klimadesk/contract/platform/roles';
import type { User } from '@klimadesk/contract/platform/schemas';
import { call } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { MOBILE_QUERY } from '../../app/theme.ts';
import { FormText } from '../../components/form.tsx';
import { PersonFields } from '../../components/PersonFields.tsx';
import { errorText } from '../../components/errors.ts';
import { RoleSelector } from './RoleSelector.tsx';
import {
  adminPasswordForm,
  mergeRoles,
  toCreateUserBody,
  toUserPatch,
  userForm,
  userToForm,
  type UserForm,
} from './userSchemas.ts';

/** Create or edit a user; the save error stays in the dialog until it is closed (seed 000 §8). */
export function UserDialog({
  user,
  grantable,
  companyId,
  onClose,
  onSaved,
}: {
  user: User | null;
  grantable: readonly Role[];
  companyId?: string;
  onClose: () => void;
  onSaved: (u: User) => void;
}) {
  const { t } = useTranslation(['account', 'common', 'auth']);
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const creating = user === null;
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<UserForm>({
    resolver: zodResolver(userForm(creating)),
    defaultValues: user
      ? { ...userToForm(user), password: '', roles: user.roles }
      : {
          salutation: '',
          title: '',
          firstName: '',
          lastName: '',
          email: '',
          phone1: '',
          department: '',
          position: '',
          password: '',
          roles: [],
        },
  });
  const save = handleSubmit(async (v) => {
    setError(null);
    try {
      const saved = creating
        ? await call('createUser', { body: { ...toCreateUserBody(v, currentLanguage()), companyId } })
        : await call('updateUser', {
            params: { id: user.id },
            body: { ...toUserPatch(v), roles: mergeRoles(user.roles, v.roles, grantable) },
          });
      onSaved(saved);
    } catch (err) {
      setError(errorText(err));
    }
  });
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="user-dialog-title"
    >
      <DialogTitle id="user-dialog-title">
        {creating ? t('users.create') : t('users.edit', { name: user.name })}
      </DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          id="user-form"
          noValidate
          onSubmit={save}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {error && (
            <Alert severity="error" onClose={() => setError(null)} sx={{ gridColumn: '1 / -1' }} role="alert">
              {error}
            </Alert>
          )}
          <PersonFields control={control} self={false} />
          {creating && (
            <FormText
              control={control}
              name="password"
              label={t('auth:fields.password')}
              required
              password
              autoComplete="new-password"
              helperText={t('common:form.passwordRule')}
              strength
            />
          )}
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Controller
              control={control}
              name="roles"
              render={({ field, fieldState }) => (
                <RoleSelector
                  value={field.value}
                  onChange={field.onChange}
                  grantable={grantable}
                  original={user?.roles ?? []}
                  error={fieldState.error ? t('users.roleRequired') : undefined}
                />
              )}
            />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button type="submit" form="user-form" variant="contained" disabled={formState.isSubmitting}>
          {creating ? t('common:actions.create') : t('common:actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ChangePasswordDialog({
  user,
  onClose,
  onSaved,
}: {
  user: User;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['account', 'common', 'auth']);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(adminPasswordForm),
    defaultValues: { password: '', repeatPassword: '' },
  });
  const save = handleSubmit(async (v) => {
    setError(null);
    try {
      await call('updateUser', { params: { id: user.id }, body: { password: v.password } });
      onSaved();
    } catch (err) {
      setError(errorText(err));
    }
  });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="pw-dialog-title">
      <DialogTitle id="pw-dialog-title">{t('users.changePasswordFor', { name: user.name })}</DialogTitle>
      <DialogContent dividers>
        <Box component="form" id="pw-form" noValidate onSubmit={save} sx={{ display: 'grid', gap: 2 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <FormText
            control={control}
            name="password"
            label={t('auth:fields.newPassword')}
            required
            password
            autoComplete="new-password"
            helperText={t('common:form.passwordRule')}
            strength
          />
          <FormText
            control={control}
            name="repeatPassword"
            label={t('auth:fields.repeatPassword')}
            required
            password
            autoComplete="new-password"
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button type="submit" form="pw-form" variant="contained" disabled={formState.isSubmitting}>
          {t('common:actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

// Other features import it from components; users and fleet keep this import.
export { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
