import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { ModuleCode } from '@klimadesk/contract/platform/roles';
import { TARIFF_PAGE_SIZE, type Tariff } from '@klimadesk/contract/tariffs/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import {
  CreateButton,
  EntityListPage,
  deleteAction,
  editAction,
  useEntityList,
  type ListSource,
  type RowAction,
} from '../../components/EntityListPage.tsx';
import { TariffDialog } from './TariffDialog.tsx';
import { formatDay, money } from './tariffsFormat.ts';

/** A right-aligned figure column the server does not sort by. */
function figureColumn(
  field: keyof Tariff & string,
  headerName: string,
  width: number,
  value?: (row: Tariff) => string | number,
): GridColDef<Tariff> {
  return {
    field,
    headerName,
    width,
    sortable: false,
    align: 'right',
    headerAlign: 'right',
    ...(value ? { valueGetter: (_v: unknown, row: Tariff) => value(row) } : {}),
  };
}

/** The basic fee with its billing period, if any. */
function basicFeeText(t: TFunction, row: Tariff, lang: Language): string {
  return row.basicFee > 0 && row.billingPeriod
    ? `${money(row.basicFee, lang)} / ${t(`periods.${row.billingPeriod}`)}`
    : money(row.basicFee, lang);
}

/** Name with short description, module, type, fees, free shipments, units, validity and bookings. */
function tariffColumns(t: TFunction, lang: Language): GridColDef<Tariff>[] {
  return [
    {
      field: 'name',
      headerName: t('columns.name'),
      flex: 1.4,
      minWidth: 200,
      renderCell: ({ row }) => (
        <div>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {row.shortDescription}
          </Typography>
        </div>
      ),
    },
    {
      field: 'module',
      headerName: t('columns.module'),
      width: 190,
      valueGetter: (_v, row) => t(`modules.${row.module}`),
    },
    {
      field: 'type',
      headerName: t('columns.type'),
      width: 200,
      renderCell: ({ row }) => (
        <>
          {t(`types.${row.type}`)}
          {row.isFreeOfCharge && (
            <Chip size="small" label={t('columns.free')} color="success" variant="outlined" sx={{ ml: 1 }} />
          )}
        </>
      ),
    },
    {
      field: 'basicFee',
      headerName: t('columns.basicFee'),
      width: 170,
      align: 'right',
      headerAlign: 'right',
      valueGetter: (_v, row) => basicFeeText(t, row, lang),
    },
    figureColumn('staticCostPerShipment', t('columns.perShipment'), 160, (row) =>
      row.staticCostPerShipment > 0
        ? `${money(row.staticCostPerShipment, lang)} (${t('columns.min')} ${money(row.minCostPerShipment, lang)})`
        : '–',
    ),
    figureColumn('freeNumberOfShipments', t('columns.freeShipments'), 130, (row) =>
      row.freeNumberOfShipments > 0 ? row.freeNumberOfShipments : '–',
    ),
    figureColumn(
      'businessUnitsLimit',
      t('columns.businessUnits'),
      140,
      (row) => row.businessUnitsLimit ?? '–',
    ),
    {
      field: 'endDate',
      headerName: t('columns.validUntil'),
      width: 120,
      sortable: false,
      valueGetter: (_v, row) => formatDay(row.endDate, lang),
    },
    figureColumn('bookings', t('columns.bookings'), 110),
  ];
}

/**
 * The tariff catalogue of the platform admin (seed 002 §2), 20 per page with server paging and
 * sort; `/cfc/tariffs` shows the carbon footprint's tariffs only.
 */
export function TariffsPage({ module }: { module?: ModuleCode } = {}) {
  const { t, i18n } = useTranslation(['tariffs', 'common']);
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const list = useEntityList<Tariff>({
    table: module ? `tariffs-${module}` : 'tariffs',
    pageSize: TARIFF_PAGE_SIZE,
    sort: [{ field: 'module', sort: 'asc' }],
    source: ({ search: _search, status: _status, ...query }) =>
      queryOptions('tariffs', {
        query: { ...query, locale: lang, ...(module ? { module } : {}) },
      }) as ListSource<Tariff>,
  });
  const [dialog, setDialog] = useState<{ tariff: Tariff | null } | null>(null);
  const remove = useConfirmedWrite<Tariff>({
    mutate: (x) => call('deleteTariff', { params: { id: x.id } }),
    invalidate: [['tariffs']],
    success: (_r, x) => t('notify.deleted', { name: x.name }),
    confirm: (x) => deleteConfirm(t('deleteTitle'), t('deleteText', { name: x.name })),
  });
  const { ask: askRemove } = remove;

  const columns = useMemo(() => tariffColumns(t, lang), [t, lang]);

  const rowActions = useMemo(
    () => ({
      header: t('columns.actions'),
      actions: (row: Tariff): RowAction[] => [
        editAction(t('actions.editAria', { name: row.name }), () => setDialog({ tariff: row })),
        deleteAction(() => askRemove(row), { aria: t('actions.deleteAria', { name: row.name }) }),
      ],
    }),
    [t, askRemove],
  );

  return (
    <EntityListPage
      list={list}
      title={t(module ? 'page.cfcTitle' : 'page.title')}
      subtitle={t('page.subtitle')}
      actions={
        <CreateButton
          label={t('page.create')}
          onClick={() => setDialog({ tariff: null })}
          testId="tariff-create"
        />
      }
      label={t('page.tableLabel')}
      testId="tariff-table"
      columns={columns}
      rowActions={rowActions}
      hiddenByDefault={['endDate']}
    >
      {dialog && <TariffDialog tariff={dialog.tariff} module={module} onClose={() => setDialog(null)} />}
      {remove.dialog}
    </EntityListPage>
  );
}
