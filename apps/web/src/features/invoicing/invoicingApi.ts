import { callFile } from '../../app/client.ts';
import { notifyError } from '../../components/errors.ts';
import { saveBlob } from '../../components/files.ts';

/** Downloads a month's invoice document (PDF); a platform admin names the company. */
export async function downloadInvoiceDocument(month: string, company?: string): Promise<void> {
  try {
    const { blob, fileName } = await callFile('invoiceDocument', {
      query: { month, ...(company ? { company } : {}) },
    });
    saveBlob(blob, fileName ?? `invoice-${month}.pdf`);
  } catch (err) {
    notifyError(err);
  }
}
