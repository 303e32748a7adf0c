import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { call, queryOptions } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import {
  EntityListPage,
  useEntityList,
  type ListSource,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { formatNumber } from '../../components/format.ts';
import { notify } from '../../components/notify.ts';
import { type ApiMutation, useApiMutation } from '../../components/useApiMutation.ts';
import { fleetAccess } from './fleetAccess.ts';
import {
  FLEET_ROUTES,
  useGlecTypes,
  type FleetEntity,
  type FleetItem,
  type FleetStatusFilter,
} from './fleetApi.ts';
import {
  type Confirm,
  CreateItemButton,
  FleetBanner,
  FleetBlank,
  FleetConfirm,
  FleetHeaderActions,
  ImportButton,
  fleetActions,
  fleetColumns,
} from './FleetListParts.tsx';
import { ImportDialog } from './ImportDialog.tsx';

const UnlockWizard = lazy(() =>
  import('../companies/UnlockWizard.tsx').then((m) => ({ default: m.UnlockWizard })),
);

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

/** The GLEC type column of the entity, named from the reference list once it has loaded. */
function useTypeColumn<T extends FleetItem>(entity: FleetEntity) {
  const { t } = useTranslation(['fleet', 'common']);
  const { data: types = NO_TYPES } = useGlecTypes(entity);
  const typeField = entity === 'vehicle' ? 'glecVehicleType' : 'glecTrailerType';
  return useMemo(
    () => glecTypeColumn<T>(typeField, t(`columns.${typeField}`), types, TYPE_SIZE[entity]),
    [typeField, t, types, entity],
  );
}

/** The list of the entity's items by status, and the write on an item the user confirmed. */
function useFleetList<T extends FleetItem>(entity: FleetEntity) {
  const { t } = useTranslation(['fleet', 'common']);
  const routes = FLEET_ROUTES[entity];
  const list = useEntityList<T, FleetStatusFilter>({
    table: `fleet-${entity}`,
    sort: [{ field: 'licensePlate', sort: 'asc' }],
    status: '1',
    source: (query) => queryOptions(routes.list, { query }) as ListSource<T>,
  });
  const act = useApiMutation<Confirm>({
    mutate: ({ kind, item }) =>
      call(routes[kind === 'delete' ? 'remove' : kind], { params: { id: item.id } }),
    invalidate: [[routes.list]],
    success: (_r, { kind, item }) => t(`notify.${DONE[kind]}`, { plate: item.licensePlate }),
  });
  return { list, act };
}

/** Which dialog of the page is open: create/edit, a confirmation, the import or the unlock wizard. */
function useFleetDialogs<T extends FleetItem>() {
  const [dialog, setDialog] = useState<{ item: T | null } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [unlockOpen, setUnlockOpen] = useState(false);
  return { dialog, setDialog, confirm, setConfirm, importOpen, setImportOpen, unlockOpen, setUnlockOpen };
}

/** The row actions of an item: none for read-only users and sample rows. */
function useFleetRowActions<T extends FleetItem>(
  canWrite: boolean,
  setDialog: (d: { item: T | null }) => void,
  setConfirm: (c: Confirm) => void,
) {
  const { t } = useTranslation(['fleet', 'common']);
  return useMemo(
    () => ({
      header: t('columns.actions'),
      width: 96,
      moreAria: (row: T) => t('actions.moreAria', { plate: row.licensePlate }),
      actions: (row: T): RowAction[] =>
        !canWrite || row.sample
          ? []
          : fleetActions(
              t,
              row,
              () => setDialog({ item: row }),
              (kind) => () => setConfirm({ kind, item: row }),
            ),
    }),
    [t, canWrite, setDialog, setConfirm],
  );
}

/** The open dialogs of the page; a finished import reloads the list. */
function FleetDialogs<T extends FleetItem>({
  dialogs: d,
  entity,
  ns,
  act,
  onImported,
  renderDialog,
}: {
  dialogs: ReturnType<typeof useFleetDialogs<T>>;
  entity: FleetEntity;
  ns: string;
  act: ApiMutation<Confirm>;
  onImported: () => void;
  renderDialog: FleetPageConfig<T>['renderDialog'];
}) {
  const { t } = useTranslation(['fleet', 'common']);
  const me = useMe();
  return (
    <>
      {d.dialog && renderDialog(d.dialog.item, () => d.setDialog(null))}

      {d.confirm && <FleetConfirm confirm={d.confirm} ns={ns} act={act} onClose={() => d.setConfirm(null)} />}

      {d.importOpen && (
        <ImportDialog
          entity={entity}
          title={t(`${ns}.importTitle`)}
          onClose={() => d.setImportOpen(false)}
          onImported={(r) => {
            d.setImportOpen(false);
            notify(t('notify.imported', { created: r.created, updated: r.updated }), 'success', {
              log: true,
            });
            onImported();
          }}
        />
      )}

      {d.unlockOpen && (
        <Suspense fallback={null}>
          <UnlockWizard companyId={me.company.id} onClose={() => d.setUnlockOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The fleet list shared by vehicles and trailers on the list kit, with the fleet's banners,
 * status chips, import and confirmations. Write actions follow the user's rights and the edition.
 */
export function FleetListPage<T extends FleetItem>({ entity, columns, renderDialog }: FleetPageConfig<T>) {
  const { t } = useTranslation(['fleet', 'common']);
  const ns = entity === 'vehicle' ? 'vehicles' : 'trailers';
  const typeColumn = useTypeColumn<T>(entity);
  const me = useMe();
  const access = fleetAccess(me);
  const { list, act } = useFleetList<T>(entity);
  const dialogs = useFleetDialogs<T>();
  const { setDialog, setConfirm, setImportOpen } = dialogs;
  const allColumns = useMemo(() => fleetColumns(t, typeColumn, columns), [typeColumn, columns, t]);

  const rowActions = useFleetRowActions(access.canWrite, setDialog, setConfirm);
  const openImport = () => setImportOpen(true);
  const openCreate = () => setDialog({ item: null });

  return (
    <EntityListPage
      list={list}
      title={t(`${ns}.title`)}
      subtitle={t(`${ns}.subtitle`)}
      help="fleet"
      actions={
        <FleetHeaderActions
          access={access}
          ns={ns}
          onImport={openImport}
          onCreate={openCreate}
          onExport={() => call(FLEET_ROUTES[entity].exportList, { query: list.filter })}
          exportDisabled={!access.canExport || list.total === 0}
        />
      }
      banner={<FleetBanner access={access} onUnlock={() => dialogs.setUnlockOpen(true)} />}
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
        <FleetBlank
          ns={ns}
          buttons={
            access.canWrite && (
              <>
                <ImportButton disabled={!access.canWrite} onClick={openImport} />
                <CreateItemButton ns={ns} disabled={!access.canWrite} onClick={openCreate} />
              </>
            )
          }
        />
      }
    >
      <FleetDialogs
        dialogs={dialogs}
        entity={entity}
        ns={ns}
        act={act}
        onImported={() => void list.reload()}
        renderDialog={renderDialog}
      />
    </EntityListPage>
  );
}
