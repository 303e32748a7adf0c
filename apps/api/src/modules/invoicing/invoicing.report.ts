import type { InvoiceReportRow, ReportBlock } from '@klimadesk/contract';
import type { Column } from '../../platform/spreadsheet.ts';
import { texts } from '@klimadesk/contract/messages';

const euros = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : cents / 100;

/** Three columns per block: tariff, shipments and price of the month in EUR. */
function blockColumns(
  key: 'basic' | 'pro' | 'cfc' | 'tax' | 'csrd',
  label: string,
): Column<InvoiceReportRow>[] {
  const b = (r: InvoiceReportRow): ReportBlock | null => r[key];
  return [
    {
      key: `${key}Tariff`,
      header: texts('invoicing.report.tariffOf', { label }),
      value: (r) => b(r)?.tariff ?? null,
    },
    {
      key: `${key}Shipments`,
      header: texts('invoicing.report.shipmentsOf', { label }),
      type: 'integer',
      digits: 0,
      width: 12,
      value: (r) => b(r)?.shipments ?? null,
    },
    {
      key: `${key}Price`,
      header: texts('invoicing.report.priceOf', { label }),
      type: 'number',
      digits: 2,
      width: 14,
      value: (r) => euros(b(r)?.price),
    },
  ];
}

/** The invoice report's workbook columns (amounts in EUR, rounded when written). */
export const reportColumns: Column<InvoiceReportRow>[] = [
  { key: 'customerNr', header: texts('invoicing.report.customerNo'), type: 'integer', width: 14 },
  { key: 'name', header: 'Name', width: 32 },
  { key: 'number', header: texts('invoicing.report.invoiceNumber') },
  { key: 'sentDate', header: texts('invoicing.report.sent'), width: 12 },
  { key: 'paymentDate', header: texts('invoicing.report.paid'), width: 12 },
  {
    key: 'consulting',
    header: texts('invoicing.report.consultingEUR'),
    type: 'number',
    digits: 2,
    value: (r) => euros(r.consulting),
  },
  ...blockColumns('basic', 'Basic'),
  ...blockColumns('pro', 'Pro'),
  ...blockColumns('cfc', 'CFC'),
  ...blockColumns('tax', 'Tax'),
  ...blockColumns('csrd', 'CSRD'),
  {
    key: 'total',
    header: texts('invoicing.report.totalEUR'),
    type: 'number',
    digits: 2,
    value: (r) => euros(r.total),
  },
];
