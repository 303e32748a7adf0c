import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import PowerSettingsNewOutlined from '@mui/icons-material/PowerSettingsNewOutlined';
import RestoreOutlined from '@mui/icons-material/RestoreOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FLEET_STATUS } from '@klimadesk/contract/fleet/schemas';
import { useMe } from '../../app/useMe.ts';
import { canUnlock } from '../../app/dialogs/eligibility.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import {
  CreateButton,
  ExportListButton,
  deleteAction,
  editAction,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { notifyError } from '../../components/errors.ts';
import type { FileAnswer } from '../../components/files.ts';
import type { ApiMutation } from '../../components/useApiMutation.ts';
import type { FleetAccess } from './fleetAccess.ts';
import type { FleetItem } from './fleetApi.ts';

export type ConfirmKind = 'decommission' | 'restore' | 'delete';
/** A write on an item that asks first. */
export type Confirm = { kind: ConfirmKind; item: FleetItem };

/** Plate, GLEC type, description, the page's own columns, year of construction and status. */
export function fleetColumns<T extends FleetItem>(
  t: TFunction,
  typeColumn: GridColDef<T>,
  columns: GridColDef<T>[],
): GridColDef<T>[] {
  return [
    {
      field: 'licensePlate',
      headerName: t('columns.licensePlate'),
      width: 140,
      renderCell: ({ row }) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.licensePlate}
        </Typography>
      ),
    },
    typeColumn,
    { field: 'description', headerName: t('columns.description'), flex: 1, minWidth: 140 },
    ...columns,
    { field: 'yearOfConstruction', headerName: t('columns.yearOfConstruction'), width: 90 },
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
  ];
}

/** Edit; decommission an active item or restore a decommissioned one; delete. */
export function fleetActions(
  t: TFunction,
  row: FleetItem,
  onEdit: () => void,
  ask: (kind: ConfirmKind) => () => void,
): RowAction[] {
  const active = row.status === FLEET_STATUS.active;
  return [
    editAction(t('actions.editAria', { plate: row.licensePlate }), onEdit),
    active
      ? {
          key: 'decommission',
          label: t('actions.decommission'),
          icon: <PowerSettingsNewOutlined fontSize="small" />,
          onClick: ask('decommission'),
          inMenu: true,
        }
      : {
          key: 'restore',
          label: t('actions.restore'),
          icon: <RestoreOutlined fontSize="small" />,
          onClick: ask('restore'),
          inMenu: true,
        },
    deleteAction(ask('delete'), { inMenu: true }),
  ];
}

/** The basic edition's hint with the way to the professional one, or the read-only hint. */
export function FleetBanner({ access, onUnlock }: { access: FleetAccess; onUnlock: () => void }) {
  const { t } = useTranslation(['fleet', 'common']);
  const me = useMe();
  return (
    <>
      {access.basic && (
        <Alert
          severity="info"
          icon={<WorkspacePremiumOutlined />}
          sx={{ mb: 2 }}
          data-testid="fleet-upgrade-hint"
          action={
            canUnlock(me) && !me.impersonator ? (
              <Button color="inherit" size="small" onClick={onUnlock} sx={{ whiteSpace: 'nowrap' }}>
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
    </>
  );
}

export function ImportButton({
  disabled,
  onClick,
  testId,
}: {
  disabled: boolean;
  onClick: () => void;
  testId?: string;
}) {
  const { t } = useTranslation(['fleet', 'common']);
  return (
    <Button
      variant="outlined"
      startIcon={<UploadFileOutlined />}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      {t('actions.import')}
    </Button>
  );
}

export function CreateItemButton({
  ns,
  disabled,
  onClick,
  testId,
}: {
  ns: string;
  disabled: boolean;
  onClick: () => void;
  testId?: string;
}) {
  const { t } = useTranslation(['fleet', 'common']);
  return <CreateButton label={t(`${ns}.create`)} onClick={onClick} disabled={disabled} testId={testId} />;
}

/** Import, export of the filtered list and create; read-only users export only. */
export function FleetHeaderActions({
  access,
  ns,
  onImport,
  onCreate,
  onExport,
  exportDisabled,
}: {
  access: FleetAccess;
  ns: string;
  onImport: () => void;
  onCreate: () => void;
  onExport: () => Promise<FileAnswer>;
  exportDisabled: boolean;
}) {
  const { t } = useTranslation(['fleet', 'common']);
  return (
    <>
      {!access.readOnly && (
        <ImportButton disabled={!access.canWrite} onClick={onImport} testId="fleet-import" />
      )}
      <ExportListButton
        label={t('actions.export')}
        download={onExport}
        disabled={exportDisabled}
        testId="fleet-export"
      />
      {!access.readOnly && (
        <CreateItemButton ns={ns} disabled={!access.canWrite} onClick={onCreate} testId="fleet-create" />
      )}
    </>
  );
}

/** What shows instead of the table while there is nothing of the entity yet. */
export function FleetBlank({ ns, buttons }: { ns: string; buttons: ReactNode }) {
  const { t } = useTranslation(['fleet', 'common']);
  return (
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
      {buttons && (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', mt: 2, flexWrap: 'wrap' }}>
          {buttons}
        </Box>
      )}
    </Box>
  );
}

/** Asks before a decommission, restore or delete; fleet refusals are explained in the snackbar. */
export function FleetConfirm({
  confirm,
  ns,
  act,
  onClose,
}: {
  confirm: Confirm;
  ns: string;
  act: ApiMutation<Confirm>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['fleet', 'common']);
  return (
    <ConfirmDialog
      title={t(`${ns}.${confirm.kind}Title`)}
      text={t(`${ns}.${confirm.kind}Text`, { plate: confirm.item.licensePlate })}
      confirmLabel={t(`actions.${confirm.kind}`)}
      danger={confirm.kind !== 'restore'}
      onClose={onClose}
      onConfirm={async () => {
        // Fleet refusals (e.g. a restore blocked by an active plate) are explained in the snackbar.
        await act.runOrThrow(confirm).catch((err: unknown) => notifyError(err, { log: true }));
        onClose();
      }}
    />
  );
}
