import { useMemo, useRef, useState, type ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { USER_STATUS, type Language } from '@klimadesk/contract/constants';
import type { Me } from '@klimadesk/contract/platform/schemas';
import { type Answer, call, can, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { endSession, refreshMe, reloadSession } from '../../app/session.ts';
import { useMe } from '../../app/useMe.ts';
import { ConfirmDialog, useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { ChipsCell } from '../../components/DataTable.tsx';
import {
  CreateButton,
  EntityListPage,
  deleteAction,
  editAction,
  useEntityList,
  type RowAction,
  type RowActions,
} from '../../components/EntityListPage.tsx';
import { formatDateTime } from '../../components/format.ts';
import { notifyError } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { ChangePasswordDialog, UserDialog } from './UserDialogs.tsx';

type User = Answer<'ownCompanyUsers'>['hydra:member'][number];

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: User }
  | { kind: 'password'; user: User }
  | { kind: 'deleteWithCompany'; user: User }
  | null;

/** Name, e-mail, the company (platform list only), roles, status and last login. */
function userColumns(t: TFunction, scope: 'company' | 'platform', lang: Language): GridColDef<User>[] {
  const cols: GridColDef<User>[] = [
    {
      field: 'lastName',
      headerName: t('users.columns.name'),
      flex: 1,
      minWidth: 180,
      valueGetter: (_v, row) => row.name,
    },
    { field: 'email', headerName: t('users.columns.email'), flex: 1.2, minWidth: 220 },
  ];
  if (scope === 'platform') {
    cols.push({
      field: 'companyName',
      headerName: t('users.columns.company'),
      flex: 1,
      minWidth: 160,
      sortable: false,
    });
  }
  cols.push(
    {
      field: 'roles',
      headerName: t('users.columns.roles'),
      flex: 1.6,
      minWidth: 220,
      sortable: false,
      renderCell: ({ row }) => (
        <ChipsCell
          chips={row.roles.map((r) => ({
            key: r,
            label: t(`roles.${r}`),
            variant: r.endsWith('ADMIN') ? 'filled' : 'outlined',
            color: r.endsWith('ADMIN') ? 'primary' : 'default',
          }))}
        />
      ),
    },
    {
      field: 'status',
      headerName: t('users.columns.status'),
      width: 120,
      sortable: false,
      renderCell: ({ row }) =>
        row.status === USER_STATUS.deleted ? (
          <Chip size="small" label={t('users.status.deleted')} />
        ) : row.isVerified ? (
          <Chip size="small" color="success" variant="outlined" label={t('users.status.active')} />
        ) : (
          <Chip size="small" color="warning" variant="outlined" label={t('users.status.unverified')} />
        ),
    },
    {
      field: 'lastLogin',
      headerName: t('users.columns.lastLogin'),
      width: 170,
      valueFormatter: (v: string | null) => formatDateTime(v, lang),
    },
  );
  return cols;
}

type UserHandlers = {
  edit: (u: User) => void;
  password: (u: User) => void;
  impersonate: (u: User) => void;
  remove: (u: User) => void;
};

/** Edit in the row; password, acting as the user (both where allowed) and delete in its menu. */
function userRowActions(
  t: TFunction,
  canSetPassword: (u: User) => boolean,
  on: UserHandlers,
): RowActions<User> {
  return {
    header: t('users.columns.actions'),
    moreAria: (row: User) => t('users.moreAria', { name: row.name }),
    actions: (row: User): RowAction[] => [
      editAction(t('users.editAria', { name: row.name }), () => on.edit(row)),
      ...(canSetPassword(row)
        ? [
            {
              key: 'pw',
              label: t('users.changePassword'),
              icon: <KeyOutlined fontSize="small" />,
              onClick: () => on.password(row),
              inMenu: true,
            },
          ]
        : []),
      ...(canSetPassword(row) && row.status !== USER_STATUS.deleted
        ? [
            {
              key: 'imp',
              label: t('users.impersonate'),
              icon: <SupervisorAccountOutlined fontSize="small" />,
              onClick: () => on.impersonate(row),
              inMenu: true,
              testId: 'impersonate',
            },
          ]
        : []),
      deleteAction(() => on.remove(row), { inMenu: true }),
    ],
  };
}

/** Acting as another user: the session switches and the app opens that user's start page. */
function useImpersonate() {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  return async (u: User) => {
    try {
      await call('impersonate', { body: { username: u.email } });
      const next = await reloadSession();
      notify(t('app:impersonation.started', { email: next.email }), 'info');
      // seed 000 §4: after starting, the freight module lands on the profile page.
      await navigate({
        href:
          next.module === 'cfc' && next.routes.includes('/cfc/user-profile')
            ? '/cfc/user-profile'
            : '/profile/profile',
      });
    } catch (err) {
      notifyError(err);
    }
  };
}

/** The live API keys a user created (offboarding: they may be revoked with the user); 0 without the right. */
function useLiveKeys(scope: 'company' | 'platform', me: Me) {
  const canRevokeKeys = scope === 'company' && can(me, 'apiKeys');
  const keys = useQuery({ ...queryOptions('apiKeys'), enabled: canRevokeKeys });
  return (u: User) =>
    canRevokeKeys
      ? (keys.data?.['hydra:member'] ?? []).filter((k) => k.createdBy === u.id && !k.revokedAt).length
      : 0;
}

/**
 * Deleting a user, with the choice to revoke the user's live API keys; the sole user of a company
 * goes only with the company (`onSoleUser`).
 */
function useUserDelete(
  scope: 'company' | 'platform',
  me: Me,
  liveKeysOf: (u: User) => number,
  onSoleUser: (u: User) => void,
) {
  const { t } = useTranslation(['account', 'common']);
  const [revokeKeys, setRevokeKeys] = useState(true);
  const revokeKeysRef = useRef(true);
  const chooseRevokeKeys = (on: boolean) => {
    revokeKeysRef.current = on;
    setRevokeKeys(on);
  };
  const remove = useConfirmedWrite<User>({
    mutate: (u) =>
      call('deleteUser', {
        params: { id: u.id },
        query: liveKeysOf(u) > 0 && revokeKeysRef.current ? { revokeApiKeys: 'true' } : undefined,
      }),
    invalidate: [['ownCompanyUsers'], ['users'], ['apiKeys']],
    success: t('common:notify.deleted'),
    confirm: (u) => {
      const count = liveKeysOf(u);
      return {
        ...deleteConfirm(t('users.deleteTitle'), t('users.deleteText', { name: u.name })),
        option:
          count > 0
            ? {
                label: t('users.revokeKeys', { count, name: u.name }),
                checked: revokeKeys,
                onChange: chooseRevokeKeys,
              }
            : undefined,
      };
    },
  });

  const askDelete = async (u: User) => {
    // The sole user of a company can only leave together with the company (seed 000 §6).
    // The count ignores the search filter of the table.
    if (scope === 'company' && u.id === me.id) {
      const all = await call('ownCompanyUsers', { query: { page: 1, limit: 1 } }).catch(() => null);
      if (all && all['hydra:totalItems'] === 1) {
        onSoleUser(u);
        return;
      }
    }
    chooseRevokeKeys(true);
    remove.ask(u);
  };
  return { askDelete, confirmDialog: remove.dialog };
}

/** The list's dialogs: create or edit, password, the delete confirmation, and deleting with the company. */
function UserListDialogs({
  dialog,
  onClose,
  liveKeysOf,
  confirmDialog,
}: {
  dialog: Dialog;
  onClose: () => void;
  liveKeysOf: (u: User) => number;
  confirmDialog: ReactNode;
}) {
  const { t } = useTranslation(['account', 'common']);
  const me = useMe();
  return (
    <>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <UserDialog
          user={dialog.kind === 'edit' ? dialog.user : null}
          grantable={me.grantableRoles}
          liveApiKeys={dialog.kind === 'edit' ? liveKeysOf(dialog.user) : 0}
          onClose={onClose}
          onSaved={(u) => {
            onClose();
            if (u.id === me.id) void refreshMe();
          }}
        />
      )}
      {dialog?.kind === 'password' && (
        <ChangePasswordDialog user={dialog.user} onClose={onClose} onSaved={onClose} />
      )}
      {confirmDialog}
      {dialog?.kind === 'deleteWithCompany' && (
        <ConfirmDialog
          title={t('users.deleteCompanyTitle')}
          text={t('users.deleteCompanyText', { company: me.company.name })}
          confirmLabel={t('users.deleteCompanyConfirm')}
          onClose={onClose}
          onConfirm={async () => {
            await call('deleteUserAndCompany', { body: { userId: dialog.user.id } });
            onClose();
            await endSession('logout');
          }}
        />
      )}
    </>
  );
}

/** The user list of the own company, or of the whole platform for platform admins. */
export function UsersTable({ scope }: { scope: 'company' | 'platform' }) {
  const { t } = useTranslation(['account', 'common']);
  const page = scope === 'company' ? 'users' : 'platformUsers';
  const me = useMe();
  const impersonate = useImpersonate();
  const list = useEntityList<User>({
    table: scope === 'company' ? 'company-users' : 'platform-users',
    sort: [{ field: 'lastName', sort: 'asc' }],
    source: (query) =>
      scope === 'company' ? queryOptions('ownCompanyUsers', { query }) : queryOptions('users', { query }),
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const lang = currentLanguage();
  const canImpersonate = can(me, 'impersonate');
  // Others' passwords are the company admin's, and only of users whose every role they could grant;
  // the own password is changed in the profile with the current one. Acting as a user follows the
  // same rule: it must not add rights the admin could not grant.
  const canSetPassword = (u: User) =>
    canImpersonate && u.id !== me.id && u.roles.every((r) => me.grantableRoles.includes(r));
  const liveKeysOf = useLiveKeys(scope, me);
  const { askDelete, confirmDialog } = useUserDelete(scope, me, liveKeysOf, (user) =>
    setDialog({ kind: 'deleteWithCompany', user }),
  );

  const columns = useMemo(() => userColumns(t, scope, lang), [t, scope, lang]);
  const rowActions = useMemo(
    () =>
      userRowActions(t, canSetPassword, {
        edit: (user) => setDialog({ kind: 'edit', user }),
        password: (user) => setDialog({ kind: 'password', user }),
        impersonate: (user) => void impersonate(user),
        remove: (user) => void askDelete(user),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, me, scope, canImpersonate],
  );

  return (
    <EntityListPage
      list={list}
      title={t(`${page}.title`)}
      subtitle={t(`${page}.subtitle`)}
      search={{ label: t('users.search') }}
      toolbar={
        scope === 'company' && (
          <CreateButton
            label={t('users.create')}
            onClick={() => setDialog({ kind: 'create' })}
            testId="create-user"
          />
        )
      }
      label={t('users.tableLabel')}
      testId="users-table"
      columns={columns}
      rowActions={rowActions}
    >
      <UserListDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        liveKeysOf={liveKeysOf}
        confirmDialog={confirmDialog}
      />
    </EntityListPage>
  );
}
