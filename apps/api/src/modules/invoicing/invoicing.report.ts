import type { InvoiceReportRow, ReportBlock } from '@klimadesk/contract';
import type { Column } from '../../platform/spreadsheet.ts';

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
      header: { de: `${label} Tarif`, en: `${label} tariff` },
      value: (r) => b(r)?.tariff ?? null,
    },
    {
      key: `${key}Shipments`,
      header: { de: `${label} Sendungen`, en: `${label} shipments` },
      type: 'integer',
      digits: 0,
      width: 12,
      value: (r) => b(r)?.shipments ?? null,
    },
    {
      key: `${key}Price`,
      header: { de: `${label} Preis (EUR)`, en: `${label} price (EUR)` },
      type: 'number',
      digits: 2,
      width: 14,
      value: (r) => euros(b(r)?.price),
    },
  ];
}

/** The invoice report's workbook columns (amounts in EUR, rounded when written). */
export const reportColumns: Column<InvoiceReportRow>[] = [
  { key: 'customerNr', header: { de: 'Kundennummer', en: 'Customer no.' }, type: 'integer', width: 14 },
  { key: 'name', header: 'Name', width: 32 },
  { key: 'number', header: { de: 'Rechnungsnummer', en: 'Invoice number' } },
  { key: 'sentDate', header: { de: 'Versendet', en: 'Sent' }, width: 12 },
  { key: 'paymentDate', header: { de: 'Bezahlt', en: 'Paid' }, width: 12 },
  {
    key: 'consulting',
    header: { de: 'Beratung (EUR)', en: 'Consulting (EUR)' },
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
    header: { de: 'Gesamt (EUR)', en: 'Total (EUR)' },
    type: 'number',
    digits: 2,
    value: (r) => euros(r.total),
  },
];
