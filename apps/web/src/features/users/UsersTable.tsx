import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { List } from '@klimadesk/contract/http';
import type { User } from '@klimadesk/contract/platform/schemas';
import { USER_STATUS } from '@klimadesk/contract/constants';
import { api } from '../../app/api.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { endSession, refreshMe, reloadSession } from '../../app/session.ts';
import { useMe } from '../../app/useMe.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { formatDateTime } from '../../components/format.ts';
import { notifyError } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { useTableState } from '../../components/tableState.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { ChangePasswordDialog, ConfirmDialog, UserDialog } from './UserDialogs.tsx';
import { SearchField } from '../../components/SearchField.tsx';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: User }
  | { kind: 'password'; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'deleteWithCompany'; user: User }
  | null;

/** The user list of the own company, or of the whole platform for platform admins. */
export function UsersTable({ scope }: { scope: 'company' | 'platform' }) {
  const { t } = useTranslation(['account', 'common']);
  const me = useMe();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const state = useTableState(scope === 'company' ? 'company-users' : 'platform-users', {
    sort: [{ field: 'lastName', sort: 'asc' }],
  });
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: User } | null>(null);
  const path = scope === 'company' ? '/api/users/own-company' : '/api/users';
  const queryKey = ['users', scope, state.query, term];
  const { data, isFetching } = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.get<List<User>>(path, { ...state.query, search: term || undefined }, { signal }),
    placeholderData: keepPreviousData,
  });
  const rows = data?.['hydra:member'] ?? [];
  const total = data?.['hydra:totalItems'] ?? 0;
  const lang = currentLanguage();
  const canImpersonate = me.roles.includes('ROLE_SMP_ADMIN') || me.roles.includes('ROLE_COMPANY_ADMIN');
  // Others' passwords are the company admin's, and only of users whose every role they could grant;
  // the own password is changed in the profile with the current one.
  const canSetPassword = (u: User) =>
    canImpersonate && u.id !== me.id && u.roles.every((r) => me.grantableRoles.includes(r));
  const reload = () => qc.invalidateQueries({ queryKey: ['users'] });

  const impersonate = async (u: User) => {
    try {
      await api.post('/api/impersonate', { username: u.email });
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

  const askDelete = async (u: User) => {
    // The sole user of a company can only leave together with the company (seed 000 §6).
    // The count ignores the search filter of the table.
    if (scope === 'company' && u.id === me.id) {
      const all = await api.get<List<User>>(path, { page: 1, limit: 1 }).catch(() => null);
      if (all && all['hydra:totalItems'] === 1) {
        setDialog({ kind: 'deleteWithCompany', user: u });
        return;
      }
    }
    setDialog({ kind: 'delete', user: u });
  };

  const columns = useMemo<GridColDef<User>[]>(() => {
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
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', py: 1 }}>
            {row.roles.map((r) => (
              <Chip
                key={r}
                size="small"
                label={t(`roles.${r}`)}
                variant={r.endsWith('ADMIN') ? 'filled' : 'outlined'}
                color={r.endsWith('ADMIN') ? 'primary' : 'default'}
              />
            ))}
          </Box>
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
      {
        field: 'actions',
        headerName: t('users.columns.actions'),
        width: 110,
        sortable: false,
        resizable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Box>
            <Tooltip title={t('common:actions.edit')}>
              <IconButton
                size="small"
                aria-label={t('users.editAria', { name: row.name })}
                onClick={() => setDialog({ kind: 'edit', user: row })}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <IconButton
              size="small"
              aria-label={t('users.moreAria', { name: row.name })}
              onClick={(e) => setMenu({ anchor: e.currentTarget, user: row })}
            >
              <MoreVert fontSize="small" />
            </IconButton>
          </Box>
        ),
      },
    );
    return cols;
  }, [t, scope, lang]);

  const menuUser = menu?.user;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField
          label={t('users.search')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            state.setPage(0);
          }}
        />
        <Box sx={{ flex: 1 }} />
        {scope === 'company' && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setDialog({ kind: 'create' })}
            data-testid="create-user"
          >
            {t('users.create')}
          </Button>
        )}
      </Box>
      <DataTable
        label={t('users.tableLabel')}
        columns={columns}
        rows={rows}
        rowCount={total}
        loading={isFetching}
        state={state}
        testId="users-table"
      />
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        {menuUser && [
          canSetPassword(menuUser) && (
            <MenuItem
              key="pw"
              onClick={() => {
                setMenu(null);
                setDialog({ kind: 'password', user: menuUser });
              }}
            >
              <ListItemIcon>
                <KeyOutlined fontSize="small" />
              </ListItemIcon>
              {t('users.changePassword')}
            </MenuItem>
          ),
          canImpersonate && menuUser.id !== me.id && menuUser.status !== USER_STATUS.deleted && (
            <MenuItem
              key="imp"
              onClick={() => {
                setMenu(null);
                void impersonate(menuUser);
              }}
              data-testid="impersonate"
            >
              <ListItemIcon>
                <SupervisorAccountOutlined fontSize="small" />
              </ListItemIcon>
              {t('users.impersonate')}
            </MenuItem>
          ),
          <MenuItem
            key="del"
            onClick={() => {
              setMenu(null);
              void askDelete(menuUser);
            }}
            sx={{ color: 'error.main' }}
          >
            <ListItemIcon>
              <DeleteOutline fontSize="small" color="error" />
            </ListItemIcon>
            {t('common:actions.delete')}
          </MenuItem>,
        ]}
      </Menu>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <UserDialog
          user={dialog.kind === 'edit' ? dialog.user : null}
          grantable={me.grantableRoles}
          onClose={() => setDialog(null)}
          onSaved={(u) => {
            setDialog(null);
            notify(
              dialog.kind === 'create' ? t('users.created', { name: u.name }) : t('common:notify.saved'),
              'success',
              { log: true },
            );
            void reload();
            if (u.id === me.id) void refreshMe();
          }}
        />
      )}
      {dialog?.kind === 'password' && (
        <ChangePasswordDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            notify(t('profile.passwordChanged'));
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('users.deleteTitle')}
          text={t('users.deleteText', { name: dialog.user.name })}
          confirmLabel={t('common:actions.delete')}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await api.del(`/api/users/${dialog.user.id}`);
            setDialog(null);
            notify(t('common:notify.deleted'), 'success', { log: true });
            void reload();
          }}
        />
      )}
      {dialog?.kind === 'deleteWithCompany' && (
        <ConfirmDialog
          title={t('users.deleteCompanyTitle')}
          text={t('users.deleteCompanyText', { company: me.company.name })}
          confirmLabel={t('users.deleteCompanyConfirm')}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await api.post('/api/delete-user-and-company', { userId: dialog.user.id });
            setDialog(null);
            await endSession('logout');
          }}
        />
      )}
    </>
  );
}
