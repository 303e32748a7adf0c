import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { CUSTOMER_PAGE_SIZE } from '@klimadesk/contract/customers/schemas';
import type { ModuleCode } from '@klimadesk/contract/platform/roles';
import type { Company } from '@klimadesk/contract/platform/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { ChipsCell } from '../../components/DataTable.tsx';
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
import { formatDay } from '../../components/units.ts';
import { CompanyTariffsDialog } from '../tariffs/CompanyTariffsDialog.tsx';
import { CreateCustomerDialog, EditCustomerDialog } from './CustomerDialog.tsx';
import { CustomerStatsPanel } from './CustomerStatsPanel.tsx';
import { SalesDataDialog } from './SalesDataDialog.tsx';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'tariffs' | 'sales'; company: Company } | null;

/** Number, name, city, modules, edition, paying or not, and the day the customer was added. */
function customerColumns(t: TFunction, lang: Language): GridColDef<Company>[] {
  return [
    { field: 'customerNr', headerName: t('columns.customerNr'), width: 110 },
    { field: 'name', headerName: t('columns.name'), flex: 1, minWidth: 160 },
    { field: 'city', headerName: t('columns.city'), width: 130 },
    {
      field: 'modules',
      headerName: t('columns.modules'),
      width: 170,
      sortable: false,
      renderCell: ({ row }) => (
        <ChipsCell
          chips={row.modules.map((m) => ({
            key: m,
            variant: 'outlined',
            label: m.toUpperCase(),
            title: t(`common:module.${m}`),
          }))}
        />
      ),
    },
    {
      field: 'isBasic',
      headerName: t('columns.edition'),
      width: 120,
      sortable: false,
      valueGetter: (_v, row) => t(row.isBasic ? 'edition.basic' : 'edition.professional'),
    },
    {
      field: 'isPayingCustomer',
      headerName: t('columns.paying'),
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          color={row.isPayingCustomer ? 'success' : 'default'}
          variant={row.isPayingCustomer ? 'filled' : 'outlined'}
          label={t(row.isPayingCustomer ? 'paying.yes' : 'paying.no')}
        />
      ),
    },
    {
      field: 'createdAt',
      headerName: t('columns.createdAt'),
      width: 120,
      valueFormatter: (v: string) => formatDay(v, lang),
    },
  ];
}

/** Edit, sales data and tariffs of a customer; delete in the row menu. */
function customerActions(
  t: TFunction,
  row: Company,
  open: (dialog: Dialog) => void,
  askRemove: (c: Company) => void,
): RowAction[] {
  return [
    editAction(t('actions.editAria', { name: row.name }), () => open({ kind: 'edit', company: row })),
    {
      key: 'sales',
      label: t('actions.sales'),
      aria: t('actions.salesAria', { name: row.name }),
      icon: <PaymentsOutlined fontSize="small" />,
      onClick: () => open({ kind: 'sales', company: row }),
      testId: 'customer-sales',
    },
    {
      key: 'tariffs',
      label: t('actions.tariffs'),
      aria: t('actions.tariffsAria', { name: row.name }),
      icon: <RequestQuoteOutlined fontSize="small" />,
      onClick: () => open({ kind: 'tariffs', company: row }),
      testId: 'customer-tariffs',
    },
    deleteAction(() => askRemove(row), {
      aria: t('actions.deleteAria', { name: row.name }),
      inMenu: true,
    }),
  ];
}

/**
 * The customer administration of the platform admin (seed 002 §2): customer statistics and the
 * monthly sales chart, then the customer list (30 per page) with export, create, edit, delete,
 * the tariff dialog and the sales-data dialog. `module` narrows everything to one module's customers.
 */
export function CustomersView({ module }: { module: ModuleCode | null }) {
  const { t } = useTranslation(['customers', 'common']);
  const lang = currentLanguage();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const moduleFilter = module ? { module } : {};
  const list = useEntityList<Company>({
    table: module ? `customers-${module}` : 'customers',
    pageSize: CUSTOMER_PAGE_SIZE,
    sort: [{ field: 'name', sort: 'asc' }],
    source: (query) =>
      queryOptions('companies', { query: { ...query, ...moduleFilter } }) as ListSource<Company>,
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const remove = useConfirmedWrite<Company>({
    mutate: (c) => call('deleteCompany', { params: { id: c.id } }),
    invalidate: [['companies'], ['customerStats']],
    success: (_r, c) => t('notify.deleted', { name: c.name }),
    confirm: (c) => deleteConfirm(t('deleteTitle'), t('deleteText', { name: c.name })),
  });
  const { ask: askRemove } = remove;
  const columns = useMemo(() => customerColumns(t, lang), [t, lang]);
  const rowActions = useMemo(
    () => ({
      header: t('columns.actions'),
      width: 150,
      moreAria: (row: Company) => t('actions.more', { name: row.name }),
      actions: (row: Company): RowAction[] => customerActions(t, row, setDialog, askRemove),
    }),
    [t, askRemove],
  );

  return (
    <EntityListPage
      list={list}
      title={t(module ? 'page.titleCfc' : 'page.title')}
      subtitle={t(module ? 'page.subtitleCfc' : 'page.subtitle')}
      actions={
        <>
          <ExportListButton
            label={t('page.export')}
            download={() =>
              call('exportCompanies', { query: { search: list.filter.search, ...moduleFilter } })
            }
            testId="customers-export"
          />
          <CreateButton
            label={t('page.create')}
            onClick={() => setDialog({ kind: 'create' })}
            testId="customer-create"
          />
        </>
      }
      banner={<CustomerStatsPanel module={module} year={year} onYearChange={setYear} />}
      search={{ label: t('page.search'), fullWidth: true }}
      label={t('page.tableLabel')}
      testId="customer-table"
      columns={columns}
      rowActions={rowActions}
    >
      {dialog?.kind === 'create' && <CreateCustomerDialog module={module} onClose={close} />}
      {dialog?.kind === 'edit' && <EditCustomerDialog company={dialog.company} onClose={close} />}
      {dialog?.kind === 'sales' && <SalesDataDialog company={dialog.company} onClose={close} />}
      {dialog?.kind === 'tariffs' && <CompanyTariffsDialog company={dialog.company} open onClose={close} />}
      {remove.dialog}
    </EntityListPage>
  );
}
