import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
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
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { FLEET_STATUS } from '@klimadesk/contract/fleet/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import { canUnlock } from '../../app/dialogs/eligibility.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import {
  CreateButton,
  EntityListPage,
  ExportListButton,
  deleteAction,
  editAction,
  useEntityList,
  type ListSource,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { notifyError } from '../../components/errors.ts';
import { formatNumber } from '../../components/format.ts';
import { notify } from '../../components/notify.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { fleetAccess } from './fleetAccess.ts';
import {
  FLEET_ROUTES,
  useGlecTypes,
  type FleetEntity,
  type FleetItem,
  type FleetStatusFilter,
} from './fleetApi.ts';
import { ImportDialog } from './ImportDialog.tsx';

const UnlockWizard = lazy(() =>
  import('../companies/UnlockWizard.tsx').then((m) => ({ default: m.UnlockWizard })),
);

type ConfirmKind = 'decommission' | 'restore' | 'delete';
type Confirm = { kind: ConfirmKind; item: FleetItem };
const NO_TYPES: { id: string; name: string }[] = [];
/** The GLEC type column's size; vehicle types have the longer names. */
const TYPE_SIZE = { vehicle: { flex: 1.4, minWidth: 180 }, trailer: { flex: 1.2, minWidth: 170 } };
const DONE = { decommission: 'decommissioned', restore: 'restored', delete: 'deleted' } as const;

/** A fleet figure with the decimals it was stored with, at most two. */
export const formatFleetNumber = (v: number, lang: Language) =>
  formatNumber(v, lang, Math.min((String(v).split('.')[1] ?? '').length, 2));

/** The GLEC type column: the type's name from the reference list, the stored id until that has loaded. */
function glecTypeColumn<T extends FleetItem>(
  field: 'glecVehicleType' | 'glecTrailerType',
  headerName: string,
  types: { id: string; name: string }[],
  size: { flex: number; minWidth: number },
): GridColDef<T> {
  return {
    field,
    headerName,
    ...size,
    sortable: false,
    valueGetter: (_v, row) => {
      const id = (row as Partial<Record<typeof field, string | null>>)[field] ?? null;
      return types.find((x) => x.id === id)?.name ?? id ?? '';
    },
  };
}

/** What a page passes in: its type column, its own columns and its create/edit dialog. */
export type FleetPageConfig<T extends FleetItem> = {
  entity: FleetEntity;
  /** The columns between description and year of construction. */
  columns: GridColDef<T>[];
  renderDialog: (item: T | null, close: () => void) => ReactNode;
};

/**
 * The fleet list shared by vehicles and trailers on the list kit, with the fleet's banners,
 * status chips, import and confirmations. Write actions follow the user's rights and the edition.
 */
export function FleetListPage<T extends FleetItem>({ entity, columns, renderDialog }: FleetPageConfig<T>) {
  const { t } = useTranslation(['fleet', 'common']);
  const ns = entity === 'vehicle' ? 'vehicles' : 'trailers';
  const { data: types = NO_TYPES } = useGlecTypes(entity);
  const typeField = entity === 'vehicle' ? 'glecVehicleType' : 'glecTrailerType';
  const typeColumn = useMemo(
    () => glecTypeColumn<T>(typeField, t(`columns.${typeField}`), types, TYPE_SIZE[entity]),
    [typeField, t, types, entity],
  );
  const me = useMe();
  const access = fleetAccess(me);
  const routes = FLEET_ROUTES[entity];
  const list = useEntityList<T, FleetStatusFilter>({
    table: `fleet-${entity}`,
    sort: [{ field: 'licensePlate', sort: 'asc' }],
    status: '1',
    source: (query) => queryOptions(routes.list, { query }) as ListSource<T>,
  });
  const [dialog, setDialog] = useState<{ item: T | null } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [unlockOpen, setUnlockOpen] = useState(false);
  const act = useApiMutation<Confirm>({
    mutate: ({ kind, item }) =>
      call(routes[kind === 'delete' ? 'remove' : kind], { params: { id: item.id } }),
    invalidate: [[routes.list]],
    success: (_r, { kind, item }) => t(`notify.${DONE[kind]}`, { plate: item.licensePlate }),
  });

  const allColumns = useMemo<GridColDef<T>[]>(
    () => [
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
    ],
    [typeColumn, columns, t],
  );

  const rowActions = useMemo(
    () => ({
      header: t('columns.actions'),
      width: 96,
      moreAria: (row: T) => t('actions.moreAria', { plate: row.licensePlate }),
      actions: (row: T): RowAction[] => {
        if (!access.canWrite || row.sample) return [];
        const ask = (kind: ConfirmKind) => () => setConfirm({ kind, item: row });
        const active = row.status === FLEET_STATUS.active;
        return [
          editAction(t('actions.editAria', { plate: row.licensePlate }), () => setDialog({ item: row })),
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
      },
    }),
    [t, access.canWrite],
  );

  const importButton = (testId?: string) => (
    <Button
      variant="outlined"
      startIcon={<UploadFileOutlined />}
      onClick={() => setImportOpen(true)}
      disabled={!access.canWrite}
      data-testid={testId}
    >
      {t('actions.import')}
    </Button>
  );
  const createButton = (testId?: string) => (
    <CreateButton
      label={t(`${ns}.create`)}
      onClick={() => setDialog({ item: null })}
      disabled={!access.canWrite}
      testId={testId}
    />
  );

  return (
    <EntityListPage
      list={list}
      title={t(`${ns}.title`)}
      subtitle={t(`${ns}.subtitle`)}
      help="fleet"
      actions={
        <>
          {!access.readOnly && importButton('fleet-import')}
          <ExportListButton
            label={t('actions.export')}
            download={() => call(routes.exportList, { query: list.filter })}
            disabled={!access.canExport || list.total === 0}
            testId="fleet-export"
          />
          {!access.readOnly && createButton('fleet-create')}
        </>
      }
      banner={
        <>
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
        </>
      }
      search={{ label: t(`${ns}.search`) }}
      status={{
        label: t('status.label'),
        id: `${entity}-status`,
        testId: 'fleet-status',
        options: (['1', '2', 'all'] as const).map((s) => ({ value: s, label: t(`status.${s}`) })),
      }}
      label={t(`${ns}.tableLabel`)}
      testId={`${entity}-table`}
      columns={allColumns}
      rowActions={rowActions}
      blank={
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
              {importButton()}
              {createButton()}
            </Box>
          )}
        </Box>
      }
    >
      {dialog && renderDialog(dialog.item, () => setDialog(null))}

      {confirm && (
        <ConfirmDialog
          title={t(`${ns}.${confirm.kind}Title`)}
          text={t(`${ns}.${confirm.kind}Text`, { plate: confirm.item.licensePlate })}
          confirmLabel={t(`actions.${confirm.kind}`)}
          danger={confirm.kind !== 'restore'}
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            // Fleet refusals (e.g. a restore blocked by an active plate) are explained in the snackbar.
            await act.runOrThrow(confirm).catch((err: unknown) => notifyError(err, { log: true }));
            setConfirm(null);
          }}
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
            void list.reload();
          }}
        />
      )}

      {unlockOpen && (
        <Suspense fallback={null}>
          <UnlockWizard companyId={me.company.id} onClose={() => setUnlockOpen(false)} />
        </Suspense>
      )}
    </EntityListPage>
  );
}
