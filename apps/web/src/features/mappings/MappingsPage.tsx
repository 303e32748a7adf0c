import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAPPING_STATUS } from '@klimadesk/contract/mappings/schemas';
import { api } from '../../app/api.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { DataTable, TableEmpty } from '../../components/DataTable.tsx';
import { notifyError } from '../../components/errors.ts';
import { formatDateTime } from '../../components/format.ts';
import { notify } from '../../components/notify.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useTableState } from '../../components/tableState.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { MappingWizard } from './MappingWizard.tsx';
import { MAPPINGS_KEY, mappingAccess, useMappings, type Mapping } from './mappingsApi.ts';
import { SearchField } from '../../components/SearchField.tsx';
import { UpgradeHint } from '../tours/UpgradeHint.tsx';

type StatusFilter = '1' | '3' | 'all';

/** Mapping templates: list, enable/disable and the create/edit wizard (freight admins). */
export function MappingsPage() {
  const { t } = useTranslation(['mappings', 'common']);
  const me = useMe();
  const access = mappingAccess(me);
  const qc = useQueryClient();
  const lang = currentLanguage();
  const state = useTableState('mappings', { sort: [{ field: 'templateName', sort: 'asc' }] });
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const [wizard, setWizard] = useState<{ mapping: Mapping | null } | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const { data, isFetching } = useMappings({ ...state.query, status, search: term || undefined });
  const reload = () => qc.invalidateQueries({ queryKey: MAPPINGS_KEY });

  const toggle = async (m: Mapping) => {
    setToggling(m.id);
    const enabling = m.status !== MAPPING_STATUS.enabled;
    try {
      await api.patch(`/api/mappings/${m.id}`, {
        status: enabling ? MAPPING_STATUS.enabled : MAPPING_STATUS.disabled,
      });
      notify(t(enabling ? 'notify.enabled' : 'notify.disabled', { name: m.templateName }), 'success', {
        log: true,
      });
    } catch (err) {
      notifyError(err, { log: true });
    } finally {
      setToggling(null);
      void reload();
    }
  };

  const columns = useMemo<GridColDef<Mapping>[]>(
    () => [
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
        renderCell: ({ row }) => {
          const enabled = row.status === MAPPING_STATUS.enabled;
          return access.canManage && !access.basic ? (
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <Switch
                size="small"
                checked={enabled}
                disabled={toggling === row.id}
                onChange={() => void toggle(row)}
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
        },
      },
      {
        field: 'actions',
        headerName: t('columns.actions'),
        width: 80,
        sortable: false,
        resizable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) =>
          access.canManage && !access.basic ? (
            <Tooltip title={t('common:actions.edit')}>
              <IconButton
                size="small"
                aria-label={t('actions.editAria', { name: row.templateName })}
                onClick={() => setWizard({ mapping: row })}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang, access.canManage, access.basic, toggling],
  );

  const total = data?.['hydra:totalItems'] ?? 0;
  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={
          access.canManage && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setWizard({ mapping: null })}
              // The wizard would refuse at its second step; say so before it opens (seed 000 §6).
              disabled={access.basic}
              data-testid="mapping-create"
            >
              {t('page.create')}
            </Button>
          )
        }
      />
      <UpgradeHint
        show={access.basic}
        title={t('upgrade.title')}
        text={t('upgrade.text')}
        testId="mapping-upgrade-hint"
      />
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField
          label={t('page.search')}
          value={search}
          onChange={(value) => {
            setSearch(value);
            state.setPage(0);
          }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography id="mapping-status-label" variant="body2" color="text.secondary">
            {t('status.label')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={status}
            aria-labelledby="mapping-status-label"
            onChange={(_e, v: StatusFilter | null) => {
              if (!v) return;
              setStatus(v);
              state.setPage(0);
            }}
          >
            {(['all', '1', '3'] as const).map((s) => (
              <ToggleButton key={s} value={s} sx={{ px: 2 }}>
                {t(`status.filter.${s}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      </Box>
      <DataTable
        label={t('page.tableLabel')}
        columns={columns}
        rows={data?.['hydra:member'] ?? []}
        rowCount={total}
        loading={isFetching}
        state={state}
        testId="mapping-table"
        empty={<TableEmpty title={t('empty.mappingsTitle')} text={t('empty.mappings')} />}
      />
      {wizard && (
        <MappingWizard
          mapping={wizard.mapping}
          canImport={access.canImport}
          onClose={(changed) => {
            setWizard(null);
            if (changed) void reload();
          }}
        />
      )}
    </>
  );
}
