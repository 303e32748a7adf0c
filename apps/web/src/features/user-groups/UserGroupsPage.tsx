import { useMemo, useState, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import {
  type Control,
  Controller,
  type UseFieldArrayReturn,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type Answer, call, queryOptions } from '../../app/client.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import {
  CreateButton,
  EntityListPage,
  deleteAction,
  editAction,
  useEntityList,
  type ListSource,
} from '../../components/EntityListPage.tsx';
import { ChipsCell } from '../../components/DataTable.tsx';
import { FormSwitch, FormText } from '../../components/form.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';

const GROUP_MODULES = ['cft', 'cfc', 'tax'] as const;
type GroupModule = (typeof GROUP_MODULES)[number];

type Group = Answer<'userGroups'>['hydra:member'][number];

export const groupForm = z.object({
  name: z.string().trim().min(1).max(100),
  users: z.array(z.string()),
  activeModules: z.array(z.enum(GROUP_MODULES)),
  taxRead: z.boolean(),
  taxWrite: z.boolean(),
  shipperFilters: z.array(z.string().trim().min(1).max(200)),
  cfc: z.array(
    z.object({
      businessUnit: z.string().trim().min(1).max(100),
      report: z.string().trim().max(100),
      write: z.boolean(),
    }),
  ),
});
type GroupForm = z.infer<typeof groupForm>;

export function toGroupBody(v: GroupForm) {
  const on = (m: GroupModule) => v.activeModules.includes(m);
  return {
    name: v.name.trim(),
    users: v.users,
    activeModules: v.activeModules,
    // Rights of a module are kept only while the module is active (seed 002 §7).
    rights: {
      tax: on('tax') ? { read: v.taxRead || v.taxWrite, write: v.taxWrite } : {},
      cfc: on('cfc')
        ? v.cfc.map((r) => ({ businessUnit: r.businessUnit, report: r.report || null, write: r.write }))
        : [],
      cft: on('cft') ? { shipperFilters: v.shipperFilters } : {},
    },
  };
}

export function UserGroupsPage() {
  const { t } = useTranslation(['account', 'common']);
  const list = useEntityList<Group>({
    table: 'user-groups',
    sort: [{ field: 'name', sort: 'asc' }],
    source: (query) => queryOptions('userGroups', { query }) as ListSource<Group>,
  });
  const [editing, setEditing] = useState<{ group: Group | null } | null>(null);
  const remove = useConfirmedWrite<Group>({
    mutate: (group) => call('deleteUserGroup', { params: { id: group.id } }),
    invalidate: [['userGroups']],
    success: t('common:notify.deleted'),
    confirm: (group) => deleteConfirm(t('groups.deleteTitle'), t('groups.deleteText', { name: group.name })),
  });
  const { ask: askRemove } = remove;

  const columns = useMemo<GridColDef<Group>[]>(
    () => [
      { field: 'name', headerName: t('groups.columns.name'), flex: 1, minWidth: 160 },
      {
        field: 'users',
        headerName: t('groups.columns.members'),
        flex: 2,
        minWidth: 240,
        sortable: false,
        renderCell: ({ row }) =>
          row.users.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('groups.noMembers')}
            </Typography>
          ) : (
            <ChipsCell chips={row.users.map((u) => ({ key: u.id, label: u.name }))} />
          ),
      },
      {
        field: 'activeModules',
        headerName: t('groups.columns.modules'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) => (
          <ChipsCell
            chips={row.activeModules.map((m) => ({
              key: m,
              color: 'primary',
              variant: 'outlined',
              label: t(`common:module.${m}`),
            }))}
          />
        ),
      },
    ],
    [t],
  );

  const rowActions = useMemo(
    () => ({
      header: t('users.columns.actions'),
      actions: (row: Group) => [
        editAction(t('groups.editAria', { name: row.name }), () => setEditing({ group: row })),
        deleteAction(() => askRemove(row), { aria: t('groups.deleteAria', { name: row.name }) }),
      ],
    }),
    [t, askRemove],
  );

  return (
    <EntityListPage
      list={list}
      title={t('groups.title')}
      subtitle={t('groups.subtitle')}
      actions={<CreateButton label={t('groups.create')} onClick={() => setEditing({ group: null })} />}
      label={t('groups.title')}
      columns={columns}
      rowActions={rowActions}
    >
      {editing && <GroupDialog group={editing.group} onClose={() => setEditing(null)} />}
      {remove.dialog}
    </EntityListPage>
  );
}

type Member = Answer<'usersForGroups'>['hydra:member'][number];

/** The form of a group as stored, or empty for a new one. */
const groupDefaults = (group: Group | null): GroupForm => ({
  name: group?.name ?? '',
  users: group?.users.map((u) => u.id) ?? [],
  activeModules: group?.activeModules ?? [],
  taxRead: group?.rights.tax?.read ?? false,
  taxWrite: group?.rights.tax?.write ?? false,
  shipperFilters: group?.rights.cft?.shipperFilters ?? [],
  cfc: (group?.rights.cfc ?? []).map((r) => ({
    businessUnit: r.businessUnit,
    report: r.report ?? '',
    write: r.write,
  })),
});

function MembersField({ control, members }: { control: Control<GroupForm>; members: Member[] }) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <Controller
      control={control}
      name="users"
      render={({ field }) => (
        <Autocomplete
          multiple
          options={members}
          value={members.filter((m) => field.value.includes(m.id))}
          onChange={(_e, v) => field.onChange(v.map((m) => m.id))}
          getOptionLabel={(m) => `${m.name} (${m.email})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(p) => (
            <TextField {...p} label={t('groups.columns.members')} helperText={t('groups.membersHint')} />
          )}
        />
      )}
    />
  );
}

function ModulesField({ control }: { control: Control<GroupForm> }) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <Controller
      control={control}
      name="activeModules"
      render={({ field }) => (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend">{t('groups.columns.modules')}</FormLabel>
          <FormGroup row>
            {GROUP_MODULES.map((m) => (
              <FormControlLabel
                key={m}
                control={
                  <Checkbox
                    checked={field.value.includes(m)}
                    onChange={(e) =>
                      field.onChange(
                        e.target.checked ? [...field.value, m] : field.value.filter((x) => x !== m),
                      )
                    }
                  />
                }
                label={t(`common:module.${m}`)}
              />
            ))}
          </FormGroup>
        </Box>
      )}
    />
  );
}

/** Transport emissions: the shippers the group's external read-only members may see. */
function CftRights({ control }: { control: Control<GroupForm> }) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <RightsSection title={t('groups.rights.cft')}>
      <Controller
        control={control}
        name="shipperFilters"
        render={({ field }) => (
          <Autocomplete
            multiple
            freeSolo
            options={[] as string[]}
            value={field.value}
            onChange={(_e, v) => field.onChange(v.map((s) => String(s).trim()).filter(Boolean))}
            renderInput={(p) => (
              <TextField
                {...p}
                label={t('groups.rights.shipperFilters')}
                helperText={t('groups.rights.shipperFiltersHint')}
              />
            )}
          />
        )}
      />
    </RightsSection>
  );
}

/** Carbon footprint: one row per business unit (and optionally report), read or write. */
function CfcRights({
  control,
  rows,
}: {
  control: Control<GroupForm>;
  rows: UseFieldArrayReturn<GroupForm, 'cfc'>;
}) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <RightsSection title={t('groups.rights.cfc')} gap={1.5}>
      {rows.fields.map((f, i) => (
        <Box
          key={f.id}
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', sm: '2fr 2fr auto auto' },
            alignItems: 'center',
          }}
        >
          <FormText
            control={control}
            name={`cfc.${i}.businessUnit`}
            label={t('groups.rights.businessUnit')}
            required
          />
          <FormText control={control} name={`cfc.${i}.report`} label={t('groups.rights.report')} />
          <FormSwitch control={control} name={`cfc.${i}.write`} label={t('groups.rights.write')} />
          <IconButton aria-label={t('common:actions.delete')} onClick={() => rows.remove(i)}>
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<Add />}
          onClick={() => rows.append({ businessUnit: '', report: '', write: false })}
        >
          {t('groups.rights.addRow')}
        </Button>
      </Box>
    </RightsSection>
  );
}

function GroupDialog({ group, onClose }: { group: Group | null; onClose: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const members = useQuery({
    ...queryOptions('usersForGroups'),
    select: (d) => d['hydra:member'],
  });
  const { control, handleSubmit } = useForm<GroupForm>({
    resolver: zodResolver(groupForm),
    defaultValues: groupDefaults(group),
  });
  const cfcRows = useFieldArray({ control, name: 'cfc' });
  const active = useWatch({ control, name: 'activeModules' });
  const save = useApiMutation({
    mutate: (v: GroupForm) =>
      group
        ? call('updateUserGroup', { params: { id: group.id }, body: toGroupBody(v) })
        : call('createUserGroup', { body: toGroupBody(v) }),
    invalidate: [['userGroups']],
    success: t('common:notify.saved'),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      id="group-form"
      title={group ? t('groups.edit', { name: group.name }) : t('groups.create')}
      mutation={save}
      onSubmit={handleSubmit((v) => save.run(v))}
      onClose={onClose}
    >
      <FormText control={control} name="name" label={t('groups.columns.name')} required />
      <MembersField control={control} members={members.data ?? []} />
      <ModulesField control={control} />
      {active.includes('cft') && <CftRights control={control} />}
      {active.includes('tax') && (
        <RightsSection title={t('groups.rights.tax')}>
          <FormGroup row>
            <FormSwitch control={control} name="taxRead" label={t('groups.rights.read')} />
            <FormSwitch control={control} name="taxWrite" label={t('groups.rights.write')} />
          </FormGroup>
        </RightsSection>
      )}
      {active.includes('cfc') && <CfcRights control={control} rows={cfcRows} />}
    </FormDialog>
  );
}

/** The rights of one active module, framed under the module's name. */
function RightsSection({ title, gap = 1, children }: { title: string; gap?: number; children: ReactNode }) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, display: 'grid', gap }}>
      <Typography variant="subtitle2">{title}</Typography>
      {children}
    </Box>
  );
}
