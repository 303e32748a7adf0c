import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PowerSettingsNewOutlined from '@mui/icons-material/PowerSettingsNewOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXPORT_DEBOUNCE_MS } from '@klimadesk/contract/constants';
import { FLEET_STATUS } from '@klimadesk/contract/fleet/schemas';
import { api } from '../../app/api.ts';
import { useMe } from '../../app/useMe.ts';
import { canUnlock } from '../../app/dialogs/eligibility.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { notify } from '../../components/notify.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useTableState } from '../../components/tableState.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { ConfirmDialog } from '../users/UserDialogs.tsx';
import { fleetAccess } from './fleetAccess.ts';
import { notifyError } from '../../components/errors.ts';
import {
  FLEET_BASE,
  useFleetList,
  type FleetEntity,
  type FleetItem,
  type FleetStatusFilter,
} from './fleetApi.ts';
import { downloadFile, type FileAnswer } from '../../components/files.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { SearchField } from '../../components/SearchField.tsx';

const UnlockWizard = lazy(() =>
  import('../companies/UnlockWizard.tsx').then((m) => ({ default: m.UnlockWizard })),
);

type Confirm = { kind: 'decommission' | 'restore' | 'delete'; item: FleetItem };

/** What a page passes in: its columns and its create/edit dialog. */
export type FleetPageConfig<T extends FleetItem> = {
  entity: FleetEntity;
  /** Key prefix in the fleet namespace: `vehicles` or `trailers`. */
  ns: 'vehicles' | 'trailers';
  columns: GridColDef<T>[];
  renderDialog: (item: T | null, close: () => void, saved: (result: number, item: T) => void) => ReactNode;
};

/**
 * The fleet list shared by vehicles and trailers: status filter, search, server-side paging,
 * row actions, import and export. Write actions follow the user's rights and the edition.
 */
export function FleetListPage<T extends FleetItem>({
  entity,
  ns,
  columns,
  renderDialog,
}: FleetPageConfig<T>) {
  const { t } = useTranslation(['fleet', 'common']);
  const me = useMe();
  const access = fleetAccess(me);
  const qc = useQueryClient();
  const state = useTableState(`fleet-${entity}`, { sort: [{ field: 'licensePlate', sort: 'asc' }] });
  const [status, setStatus] = useState<FleetStatusFilter>('1');
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim());
  const [dialog, setDialog] = useState<{ item: T | null } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [unlockOpen, setUnlockOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; item: T } | null>(null);

  const params = { ...state.query, status, search: term || undefined };
  const { data, isFetching, isSuccess } = useFleetList<T>(entity, params);
  const rows = data?.['hydra:member'] ?? [];
  const total = data?.['hydra:totalItems'] ?? 0;
  const reload = () => qc.invalidateQueries({ queryKey: ['fleet', entity] });
  const base = FLEET_BASE[entity];
  const editable = (item: FleetItem) => access.canWrite && !item.sample;

  const exportList = async () => {
    setExporting(true);
    try {
      const { page: _p, limit: _l, ...filter } = params;
      downloadFile(await api.get<FileAnswer>(`${base}/export`, filter));
      notify(t('common:notify.exportStarted'));
    } catch (err) {
      notifyError(err);
    } finally {
      // Keeps a double click from starting two downloads (export debounce).
      setTimeout(() => setExporting(false), EXPORT_DEBOUNCE_MS);
    }
  };

  const runConfirm = async ({ kind, item }: Confirm) => {
    const plate = item.licensePlate;
    try {
      if (kind === 'delete') await api.del(`${base}/${item.id}`);
      else await api.post(`${base}/${item.id}/${kind}`);
      notify(
        t(`notify.${kind === 'delete' ? 'deleted' : kind === 'restore' ? 'restored' : 'decommissioned'}`, {
          plate,
        }),
        'success',
        {
          log: true,
        },
      );
    } catch (err) {
      // Fleet refusals (e.g. a restore blocked by an active plate) are explained in the snackbar.
      notifyError(err, { log: true });
    } finally {
      setConfirm(null);
      void reload();
    }
  };

  const allColumns = useMemo<GridColDef<T>[]>(
    () => [
      ...columns,
      {
        field: 'status',
        headerName: t('columns.status'),
        width: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            {row.status === FLEET_STATUS.active ? (
              <Chip size="small" color="success" variant="outlined" label={t('status.1')} />
            ) : (
              <Chip size="small" label={t('status.2')} />
            )}
            {row.sample && <Chip size="small" color="info" variant="outlined" label={t('sample')} />}
          </Box>
        ),
      },
      {
        field: 'actions',
        headerName: t('columns.actions'),
        width: 96,
        sortable: false,
        resizable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) =>
          editable(row) ? (
            <Box>
              <Tooltip title={t('actions.edit')}>
                <IconButton
                  size="small"
                  aria-label={t('actions.editAria', { plate: row.licensePlate })}
                  onClick={() => setDialog({ item: row })}
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
              <IconButton
                size="small"
                aria-label={t('actions.moreAria', { plate: row.licensePlate })}
                aria-haspopup="menu"
                onClick={(e) => setMenu({ anchor: e.currentTarget, item: row })}
              >
                <MoreVert fontSize="small" />
              </IconButton>
            </Box>
          ) : null,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns, t, access.canWrite],
  );

  const menuItem = menu?.item;
  const showEmpty = isSuccess && total === 0 && !term && status === '1';

  return (
    <>
      <PageHeader
        title={t(`${ns}.title`)}
        subtitle={t(`${ns}.subtitle`)}
        actions={
          <>
            {!access.readOnly && (
              <Button
                variant="outlined"
                startIcon={<UploadFileOutlined />}
                onClick={() => setImportOpen(true)}
                disabled={!access.canWrite}
                data-testid="fleet-import"
              >
                {t('actions.import')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              onClick={() => void exportList()}
              disabled={!access.canExport || exporting || total === 0}
              data-testid="fleet-export"
            >
              {t('actions.export')}
            </Button>
            {!access.readOnly && (
              <Button
                variant="contained"
                startIcon={<Add />}
                onClick={() => setDialog({ item: null })}
                disabled={!access.canWrite}
                data-testid="fleet-create"
              >
                {t(`${ns}.create`)}
              </Button>
            )}
          </>
        }
      />

      {access.basic && (
        <Alert
          severity="info"
          icon={<WorkspacePremiumOutlined />}
          sx={{ mb: 2 }}
          data-testid="fleet-upgrade-hint"
          action={
            canUnlock(me) && !me.impersonator ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => setUnlockOpen(true)}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('app:upgrade.button')}
              </Button>
            ) : undefined
          }
        >
          <AlertTitle>{t('banner.basicTitle')}</AlertTitle>
          {t('banner.basic')}
        </Alert>
      )}
      {access.readOnly && !access.basic && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="fleet-read-only">
          {t('banner.readOnly')}
        </Alert>
      )}

      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchField
          label={t(`${ns}.search`)}
          value={search}
          onChange={(value) => {
            setSearch(value);
            state.setPage(0);
          }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography id={`${entity}-status-label`} variant="body2" color="text.secondary">
            {t('status.label')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={status}
            onChange={(_e, v: FleetStatusFilter | null) => {
              if (!v) return;
              setStatus(v);
              state.setPage(0);
            }}
            aria-labelledby={`${entity}-status-label`}
            data-testid="fleet-status"
          >
            {(['1', '2', 'all'] as const).map((s) => (
              <ToggleButton key={s} value={s} sx={{ px: 2 }}>
                {t(`status.${s}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      </Box>

      {showEmpty ? (
        <Box
          sx={{
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 3,
            py: 6,
            px: 3,
            textAlign: 'center',
          }}
          data-testid="fleet-empty"
        >
          <Typography color="text.secondary">{t(`${ns}.empty`)}</Typography>
          {access.canWrite && (
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', mt: 2, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                startIcon={<UploadFileOutlined />}
                onClick={() => setImportOpen(true)}
              >
                {t('actions.import')}
              </Button>
              <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ item: null })}>
                {t(`${ns}.create`)}
              </Button>
            </Box>
          )}
        </Box>
      ) : (
        <DataTable
          label={t(`${ns}.tableLabel`)}
          columns={allColumns}
          rows={rows}
          rowCount={total}
          loading={isFetching}
          state={state}
          testId={`${entity}-table`}
        />
      )}

      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        {menuItem && [
          menuItem.status === FLEET_STATUS.active ? (
            <MenuItem
              key="decommission"
              onClick={() => {
                setMenu(null);
                setConfirm({ kind: 'decommission', item: menuItem });
              }}
            >
              <ListItemIcon>
                <PowerSettingsNewOutlined fontSize="small" />
              </ListItemIcon>
              {t('actions.decommission')}
            </MenuItem>
          ) : (
            <MenuItem
              key="restore"
              onClick={() => {
                setMenu(null);
                setConfirm({ kind: 'restore', item: menuItem });
              }}
            >
              <ListItemIcon>
                <RestoreOutlined fontSize="small" />
              </ListItemIcon>
              {t('actions.restore')}
            </MenuItem>
          ),
          <MenuItem
            key="delete"
            onClick={() => {
              setMenu(null);
              setConfirm({ kind: 'delete', item: menuItem });
            }}
            sx={{ color: 'error.main' }}
          >
            <ListItemIcon>
              <DeleteOutline fontSize="small" color="error" />
            </ListItemIcon>
            {t('actions.delete')}
          </MenuItem>,
        ]}
      </Menu>

      {dialog &&
        renderDialog(
          dialog.item,
          () => setDialog(null),
          (result, item) => {
            const creating = dialog.item === null;
            setDialog(null);
            if (result === 3) notify(t(`${ns}.replaced`), 'info', { log: true, duration: 9000 });
            else
              notify(t(`${ns}.${creating ? 'created' : 'saved'}`, { plate: item.licensePlate }), 'success', {
                log: true,
              });
            void reload();
          },
        )}

      {confirm && (
        <ConfirmDialog
          title={t(`${ns}.${confirm.kind}Title`)}
          text={t(`${ns}.${confirm.kind}Text`, { plate: confirm.item.licensePlate })}
          confirmLabel={t(`actions.${confirm.kind}`)}
          danger={confirm.kind !== 'restore'}
          onClose={() => setConfirm(null)}
          onConfirm={() => runConfirm(confirm)}
        />
      )}

      {importOpen && (
        <ImportDialog
          entity={entity}
          title={t(`${ns}.importTitle`)}
          onClose={() => setImportOpen(false)}
          onImported={(r) => {
            setImportOpen(false);
            notify(t('notify.imported', { created: r.created, updated: r.updated }), 'success', {
              log: true,
            });
            void reload();
          }}
        />
      )}

      {unlockOpen && (
        <Suspense fallback={null}>
          <UnlockWizard companyId={me.company.id} onClose={() => setUnlockOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
