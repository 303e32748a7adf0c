import { InvoiceReportView } from './InvoiceReportView.tsx';

/** `/smp-admin/invoice-report`: the invoice report of the freight area. */
export function InvoiceReportPage() {
  return <InvoiceReportView />;
}
