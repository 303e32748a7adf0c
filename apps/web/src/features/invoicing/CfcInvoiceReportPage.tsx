import { InvoiceReportView } from './InvoiceReportView.tsx';

/** `/cfc/invoice-report`: the same report with the carbon footprint block first (seed 002 §2). */
export function CfcInvoiceReportPage() {
  return <InvoiceReportView emphasis="cfc" />;
}
