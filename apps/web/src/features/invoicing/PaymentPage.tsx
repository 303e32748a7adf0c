import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Company } from '@klimadesk/contract/platform/schemas';
import { call, queryKeyOf, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { notifyError } from '../../components/errors.ts';
import { formatCents } from '../../components/format.ts';
import { EmptyTableRow } from '../../components/ItemsDialog.tsx';
import { notify } from '../../components/notify.ts';
import { formatMonth } from '../../components/units.ts';
import { SaveRow } from '../../components/form.tsx';
import { PageColumns, PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { AddressFields } from '../companies/AddressFields.tsx';
import { addressForm, companyToAddress, toAddressBody } from '../companies/companySchemas.ts';
import { downloadInvoiceDocument } from './invoicingApi.ts';

const paymentForm = z.object({ address: addressForm });
type PaymentForm = z.infer<typeof paymentForm>;

/**
 * Payment data of the company (seed 000 §2 /companymanagement/payment): the company and billing
 * address with VAT id as the unlock wizard collects them, and the monthly invoice documents.
 */
export function PaymentPage() {
  const { t } = useTranslation('invoicing');
  const me = useMe();
  const { data: company } = useQuery(queryOptions('getCompany', { params: { id: me.company.id } }));
  return (
    <>
      <PageHeader title={t('payment.title')} subtitle={t('payment.subtitle')} />
      <PageColumns columns="3fr 2fr">
        {company ? <BillingEditor company={company} /> : <Skeleton variant="rounded" height={420} />}
        <DocumentList />
      </PageColumns>
    </>
  );
}

function BillingEditor({ company }: { company: Company }) {
  const { t } = useTranslation(['invoicing', 'common']);
  const qc = useQueryClient();
  const toForm = (c: Company): PaymentForm => ({ address: companyToAddress(c) });
  const { control, handleSubmit, formState, reset } = useForm<PaymentForm>({
    resolver: zodResolver(paymentForm),
    defaultValues: toForm(company),
  });
  const save = handleSubmit(async (v) => {
    try {
      const next = await call('updateCompany', {
        params: { id: company.id },
        body: toAddressBody(v.address),
      });
      qc.setQueryData(queryKeyOf('getCompany', { params: { id: company.id } }), next);
      reset(toForm(next));
      notify(t('common:notify.saved'), 'success', { log: true });
    } catch (err) {
      notifyError(err, { log: true });
    }
  });
  return (
    <SectionCard title={t('payment.billing')} description={t('common:form.requiredHint')}>
      <Box
        component="form"
        noValidate
        onSubmit={save}
        sx={{ display: 'grid', gap: 2 }}
        data-testid="payment-form"
      >
        <AddressFields control={control} prefix="address" />
        <SaveRow formState={formState} />
      </Box>
    </SectionCard>
  );
}

function DocumentList() {
  const { t } = useTranslation('invoicing');
  const lang = currentLanguage();
  const { data } = useQuery(queryOptions('invoiceDocuments'));
  const [busy, setBusy] = useState(false);
  return (
    <SectionCard title={t('payment.documents')} description={t('payment.documentsHint')}>
      {!data ? (
        <Skeleton variant="rounded" height={200} />
      ) : (
        <Table size="small" data-testid="invoice-documents">
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.month')}</TableCell>
              <TableCell>{t('columns.number')}</TableCell>
              <TableCell align="right">{t('columns.gross')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data['hydra:member'].length === 0 && (
              <EmptyTableRow columns={4} text={t('payment.noDocuments')} />
            )}
            {data['hydra:member'].map((d) => (
              <TableRow key={d.month} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMonth(d.month, lang)}</TableCell>
                <TableCell>{d.number}</TableCell>
                <TableCell align="right">{formatCents(d.grossCents, lang)}</TableCell>
                <TableCell align="right">
                  <IconButton
                    size="small"
                    aria-label={`${t('shipments.download')} ${formatMonth(d.month, lang)}`}
                    disabled={busy}
                    onClick={async () => {
                      setBusy(true);
                      await downloadInvoiceDocument(d.month);
                      setBusy(false);
                    }}
                  >
                    <PictureAsPdfOutlined fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}
