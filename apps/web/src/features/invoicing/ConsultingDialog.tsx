import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@klimadesk/contract/invoicing/schemas';
import type { Language } from '@klimadesk/contract/constants';
import { call, queryKeyOf, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { EditDeleteButtons, EmptyTableRow } from '../../components/ItemsDialog.tsx';
import { formatCents } from '../../components/format.ts';
import { formatDay } from '../../components/units.ts';
import { ViewDialog } from '../../components/ViewDialog.tsx';
import { type Company, InvoiceFormDialog } from './InvoiceFormDialog.tsx';

/** The customer's consulting invoices with edit and delete. */
function ConsultingTable({
  invoices,
  lang,
  onEdit,
  onDelete,
}: {
  invoices: Invoice[] | undefined;
  lang: Language;
  onEdit: (inv: Invoice) => void;
  onDelete: (inv: Invoice) => void;
}) {
  const { t } = useTranslation(['invoicing', 'common']);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="consulting-invoices">
        <TableHead>
          <TableRow>
            <TableCell>{t('consulting.number')}</TableCell>
            <TableCell>{t('consulting.type')}</TableCell>
            <TableCell>{t('consulting.sentDate')}</TableCell>
            <TableCell>{t('consulting.paymentDate')}</TableCell>
            <TableCell align="right">{t('consulting.total')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices?.length === 0 && <EmptyTableRow columns={6} text={t('consulting.empty')} />}
          {invoices?.map((inv) => (
            <TableRow key={inv.id} hover>
              <TableCell>{inv.number}</TableCell>
              <TableCell>{t(`types.${inv.type}`)}</TableCell>
              <TableCell>{formatDay(inv.sentDate, lang)}</TableCell>
              <TableCell>{formatDay(inv.paymentDate, lang)}</TableCell>
              <TableCell align="right">{formatCents(inv.totalPrice, lang)}</TableCell>
              <EditDeleteButtons
                editAria={t('common:actions.edit')}
                deleteAria={t('common:actions.delete')}
                onEdit={() => onEdit(inv)}
                onDelete={() => onDelete(inv)}
              />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The consulting invoices of a customer: list, create, edit and delete (platform admin). */
export function ConsultingDialog({
  company,
  month,
  onClose,
}: {
  company: Company;
  month: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['invoicing', 'common']);
  const lang = currentLanguage();
  const listQuery = { query: { company: company.id } };
  const { data } = useQuery(queryOptions('invoices', listQuery));
  const [editing, setEditing] = useState<Invoice | 'new' | null>(null);
  const remove = useConfirmedWrite<Invoice>({
    mutate: (inv) => call('deleteInvoice', { params: { id: inv.id } }),
    invalidate: [queryKeyOf('invoices', listQuery), ['invoiceReport']],
    success: t('consulting.deleted'),
    confirm: (inv) =>
      deleteConfirm(t('consulting.deleteTitle'), t('consulting.deleteText', { number: inv.number })),
  });
  return (
    <>
      <ViewDialog
        id="consulting-title"
        title={t('consulting.title', { name: company.name })}
        onClose={onClose}
        actions={
          <Button
            startIcon={<AddOutlined />}
            onClick={() => setEditing('new')}
            data-testid="new-consulting-invoice"
          >
            {t('consulting.create')}
          </Button>
        }
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('consulting.hint', { month })}
        </Typography>
        <ConsultingTable
          invoices={data?.['hydra:member']}
          lang={lang}
          onEdit={setEditing}
          onDelete={remove.ask}
        />
      </ViewDialog>
      {editing && (
        <InvoiceFormDialog
          company={company}
          invoice={editing === 'new' ? null : editing}
          lang={lang}
          invalidate={[queryKeyOf('invoices', listQuery), ['invoiceReport']]}
          onClose={() => setEditing(null)}
        />
      )}
      {remove.dialog}
    </>
  );
}
