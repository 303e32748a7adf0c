import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ACTIVATION_LINK_DAYS } from '@klimadesk/contract/constants';
import type { Role } from '@klimadesk/contract/platform/roles';
import type { User } from '@klimadesk/contract/platform/schemas';
import { type Answer, call } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { FormNewPassword } from '../../components/form.tsx';
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

/** API keys are the company admin's; losing the role is when a user's keys are offered for revoking. */
const ADMIN_ROLE: Role = 'ROLE_COMPANY_ADMIN';

/**
 * Create or edit a user; the save error stays in the dialog until it is closed (seed 000 §8).
 * Taking the company admin role from a user with live API keys (`liveApiKeys`) offers to revoke them.
 */
export function UserDialog({
  user,
  grantable,
  companyId,
  liveApiKeys = 0,
  onClose,
  onSaved,
}: {
  user: User | null;
  grantable: readonly Role[];
  companyId?: string;
  liveApiKeys?: number;
  onClose: () => void;
  onSaved: (u: Answer<'createUser'>) => void;
}) {
  const { t } = useTranslation(['account', 'common', 'auth']);
  const creating = user === null;
  const [revokeKeys, setRevokeKeys] = useState(true);
  const { control, handleSubmit } = useForm<UserForm>({
    resolver: zodResolver(userForm),
    defaultValues: user ? { ...userToForm(user), roles: user.roles } : { ...emptyPerson, roles: [] },
  });
  const roles = useWatch({ control, name: 'roles' });
  const demoted =
    user !== null && user.roles.includes(ADMIN_ROLE) && !roles.includes(ADMIN_ROLE) && liveApiKeys > 0;
  const save = useApiMutation({
    mutate: (v: UserForm) =>
      user
        ? call('updateUser', {
            params: { id: user.id },
            query: demoted && revokeKeys ? { revokeApiKeys: 'true' } : undefined,
            body: { ...toUserPatch(v), roles: mergeRoles(user.roles, v.roles, grantable) },
          })
        : call('createUser', { body: { ...toCreateUserBody(v, currentLanguage()), companyId } }),
    invalidate: [['ownCompanyUsers'], ['users'], ['apiKeys']],
    success: (u) => (creating ? t('users.invited', { name: u.name }) : t('common:notify.saved')),
    onSuccess: onSaved,
  });
  return (
    <FormDialog
      id="user-form"
      title={creating ? t('users.create') : t('users.edit', { name: user.name })}
      mutation={save}
      onSubmit={handleSubmit((v) => save.run(v))}
      onClose={onClose}
      submitLabel={creating ? t('users.invite') : undefined}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      <PersonFields control={control} self={false} />
      {creating && (
        // The new user sets their own password with the e-mailed link (issue 37).
        <Alert severity="info" sx={{ gridColumn: '1 / -1' }}>
          {t('users.inviteHint', { days: ACTIVATION_LINK_DAYS })}
        </Alert>
      )}
      {demoted && (
        // Above the roles, next to the company admin role just taken away.
        <RevokeKeysChoice
          checked={revokeKeys}
          onChange={setRevokeKeys}
          label={t('users.revokeKeys', { count: liveApiKeys, name: user.name })}
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

/** The offer to revoke the API keys of a user who loses the company admin role. */
function RevokeKeysChoice({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <Alert severity="warning" icon={false} sx={{ gridColumn: '1 / -1', py: 0.5 }}>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', m: 0 }}
        control={
          <Checkbox
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
            sx={{ mt: -0.75, ml: -1 }}
            data-testid="revoke-keys"
          />
        }
        label={label}
      />
    </Alert>
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
