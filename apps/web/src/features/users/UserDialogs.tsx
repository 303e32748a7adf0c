import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Role } from '@klimadesk/contract/platform/roles';
import type { User } from '@klimadesk/contract/platform/schemas';
import { type Answer, call } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { FormNewPassword, FormText } from '../../components/form.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { PersonFields, emptyPerson } from '../../components/PersonFields.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
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
  onSaved: (u: Answer<'createUser'>) => void;
}) {
  const { t } = useTranslation(['account', 'common', 'auth']);
  const creating = user === null;
  const { control, handleSubmit } = useForm<UserForm>({
    resolver: zodResolver(userForm(creating)),
    defaultValues: user
      ? { ...userToForm(user), password: '', roles: user.roles }
      : { ...emptyPerson, password: '', roles: [] },
  });
  const save = useApiMutation({
    mutate: (v: UserForm) =>
      user
        ? call('updateUser', {
            params: { id: user.id },
            body: { ...toUserPatch(v), roles: mergeRoles(user.roles, v.roles, grantable) },
          })
        : call('createUser', { body: { ...toCreateUserBody(v, currentLanguage()), companyId } }),
    invalidate: [['ownCompanyUsers'], ['users']],
    success: (u) => (creating ? t('users.created', { name: u.name }) : t('common:notify.saved')),
    onSuccess: onSaved,
  });
  return (
    <FormDialog
      id="user-form"
      title={creating ? t('users.create') : t('users.edit', { name: user.name })}
      mutation={save}
      onSubmit={handleSubmit((v) => save.run(v))}
      onClose={onClose}
      submitLabel={creating ? t('common:actions.create') : undefined}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
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
    </FormDialog>
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
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(adminPasswordForm),
    defaultValues: { password: '', repeatPassword: '' },
  });
  const save = useApiMutation({
    mutate: (password: string) => call('updateUser', { params: { id: user.id }, body: { password } }),
    success: t('profile.passwordChanged'),
    log: false,
    onSuccess: onSaved,
  });
  return (
    <FormDialog
      id="pw-form"
      title={t('users.changePasswordFor', { name: user.name })}
      mutation={save}
      onSubmit={handleSubmit((v) => save.run(v.password))}
      onClose={onClose}
      maxWidth="xs"
      sx={{ display: 'grid', gap: 2 }}
    >
      <FormNewPassword
        control={control}
        label={t('auth:fields.newPassword')}
        repeatLabel={t('auth:fields.repeatPassword')}
      />
    </FormDialog>
  );
}
