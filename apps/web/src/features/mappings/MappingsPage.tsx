import { type ReactNode, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { MAPPING_STATUS } from '@klimadesk/contract/mappings/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { TableEmpty } from '../../components/DataTable.tsx';
import {
  CreateButton,
  EntityListPage,
  editAction,
  useEntityList,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { notifyError } from '../../components/errors.ts';
import { formatDateTime } from '../../components/format.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { MappingWizard } from './MappingWizard.tsx';
import { mappingAccess, type Mapping } from './mappingsApi.ts';
import { MappingUpgradeHint } from './MappingUpgradeHint.tsx';

type StatusFilter = '1' | '3' | 'all';

/** Enable or disable a template; the row's switch is off while its change runs. */
function useToggleMapping() {
  const { t } = useTranslation(['mappings', 'common']);
  const toggle = useApiMutation<Mapping>({
    mutate: (m) =>
      call('updateMapping', {
        params: { id: m.id },
        body: {
          status: m.status === MAPPING_STATUS.enabled ? MAPPING_STATUS.disabled : MAPPING_STATUS.enabled,
        },
      }),
    invalidate: [['mappings']],
    success: (_r, m) =>
      t(m.status === MAPPING_STATUS.enabled ? 'notify.disabled' : 'notify.enabled', { name: m.templateName }),
  });
  const [toggling, setToggling] = useState<string | null>(null);
  const runToggle = (m: Mapping) => {
    setToggling(m.id);
    toggle
      .runOrThrow(m)
      .catch((err: unknown) => notifyError(err, { log: true }))
      .finally(() => setToggling(null));
  };
  return { toggling, runToggle };
}

/** The template's status: a switch for those who may change it, else a chip. */
function StatusCell({
  row,
  canEdit,
  busy,
  onToggle,
}: {
  row: Mapping;
  canEdit: boolean;
  busy: boolean;
  onToggle: (m: Mapping) => void;
}) {
  const { t } = useTranslation('mappings');
  const enabled = row.status === MAPPING_STATUS.enabled;
  return canEdit ? (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <Switch
        size="small"
        checked={enabled}
        disabled={busy}
        onChange={() => onToggle(row)}
        slotProps={{ input: { 'aria-label': t('actions.toggleAria', { name: row.templateName }) } }}
      />
      <Typography variant="body2">{t(`status.${enabled ? 'enabled' : 'disabled'}`)}</Typography>
    </Box>
  ) : (
    <Chip
      size="small"
      variant="outlined"
      color={enabled ? 'success' : 'default'}
      label={t(`status.${enabled ? 'enabled' : 'disabled'}`)}
    />
  );
}

/** Name, category, format, number of columns, last change and status. */
function mappingColumns(
  t: TFunction,
  lang: Language,
  status: (row: Mapping) => ReactNode,
): GridColDef<Mapping>[] {
  return [
    { field: 'templateName', headerName: t('columns.name'), flex: 1.4, minWidth: 200 },
    {
      field: 'mappingFieldCategory',
      headerName: t('columns.category'),
      width: 150,
      sortable: false,
      valueGetter: (_v, row) => t(`categories.${row.mappingFieldCategory}`),
    },
    {
      field: 'mappingFormat',
      headerName: t('columns.format'),
      width: 110,
      sortable: false,
      valueGetter: (_v, row) => t(`formats.${row.mappingFormat}`),
    },
    {
      field: 'columns',
      headerName: t('columns.columns'),
      width: 110,
      sortable: false,
      type: 'number',
      valueGetter: (_v, row) => row.mappingDetails.length,
    },
    {
      field: 'updatedAt',
      headerName: t('columns.updatedAt'),
      width: 170,
      valueFormatter: (v: string) => formatDateTime(v, lang),
    },
    {
      field: 'status',
      headerName: t('columns.status'),
      width: 170,
      sortable: false,
      renderCell: ({ row }) => status(row),
    },
  ];
}

/** Mapping templates: list, enable/disable and the create/edit wizard (freight admins). */
export function MappingsPage() {
  const { t } = useTranslation(['mappings', 'common']);
  const me = useMe();
  const access = mappingAccess(me);
  const lang = currentLanguage();
  const list = useEntityList<Mapping, StatusFilter>({
    table: 'mappings',
    sort: [{ field: 'templateName', sort: 'asc' }],
    status: 'all',
    source: (query) => queryOptions('mappings', { query }),
  });
  const [wizard, setWizard] = useState<{ mapping: Mapping | null } | null>(null);
  const { toggling, runToggle } = useToggleMapping();
  const canEdit = access.canManage && !access.basic;

  const columns = useMemo(
    () =>
      mappingColumns(t, lang, (row) => (
        <StatusCell row={row} canEdit={canEdit} busy={toggling === row.id} onToggle={runToggle} />
      )),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang, canEdit, toggling],
  );

  const rowActions = useMemo(
    () => ({
      header: t('columns.actions'),
      width: 80,
      actions: (row: Mapping): RowAction[] =>
        canEdit
          ? [editAction(t('actions.editAria', { name: row.templateName }), () => setWizard({ mapping: row }))]
          : [],
    }),
    [t, canEdit],
  );

  return (
    <EntityListPage
      list={list}
      title={t('page.title')}
      subtitle={t('page.subtitle')}
      help="mapping"
      actions={
        access.canManage && (
          <CreateButton
            label={t('page.create')}
            onClick={() => setWizard({ mapping: null })}
            // The wizard would refuse at its second step; say so before it opens (seed 000 §6).
            disabled={access.basic}
            testId="mapping-create"
          />
        )
      }
      banner={<MappingUpgradeHint show={access.basic} />}
      search={{ label: t('page.search') }}
      status={{
        label: t('status.label'),
        id: 'mapping-status',
        options: (['all', '1', '3'] as const).map((s) => ({ value: s, label: t(`status.filter.${s}`) })),
      }}
      label={t('page.tableLabel')}
      testId="mapping-table"
      columns={columns}
      rowActions={rowActions}
      empty={<TableEmpty title={t('empty.mappingsTitle')} text={t('empty.mappings')} />}
    >
      {wizard && (
        <MappingWizard
          mapping={wizard.mapping}
          canImport={access.canImport}
          onClose={(changed) => {
            setWizard(null);
            if (changed) void list.reload();
          }}
        />
      )}
    </EntityListPage>
  );
}
