import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INVOICE_TYPES, type Invoice, type InvoiceType } from '@klimadesk/contract/invoicing/schemas';
import { positionTotalCents } from '@klimadesk/contract/invoicing/pricing';
import type { Language } from '@klimadesk/contract/constants';
import { call, queryKeyOf, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { EditDeleteButtons, EmptyTableRow } from '../../components/ItemsDialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { formatCents, parseNumber, typedCents } from '../../components/format.ts';
import { formatDay } from '../../components/units.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { ViewDialog } from '../../components/ViewDialog.tsx';
import { centsToEuroText } from './invoicingFormat.ts';

type Company = { id: string; name: string };

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
              {data?.['hydra:member'].length === 0 && (
                <EmptyTableRow columns={6} text={t('consulting.empty')} />
              )}
              {data?.['hydra:member'].map((inv) => (
                <TableRow key={inv.id} hover>
                  <TableCell>{inv.number}</TableCell>
                  <TableCell>{t(`types.${inv.type}`)}</TableCell>
                  <TableCell>{formatDay(inv.sentDate, lang)}</TableCell>
                  <TableCell>{formatDay(inv.paymentDate, lang)}</TableCell>
                  <TableCell align="right">{formatCents(inv.totalPrice, lang)}</TableCell>
                  <EditDeleteButtons
                    editAria={t('common:actions.edit')}
                    deleteAria={t('common:actions.delete')}
                    onEdit={() => setEditing(inv)}
                    onDelete={() => remove.ask(inv)}
                  />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
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

type PositionDraft = { description: string; amount: string; unitPrice: string };

/** A position's figures as typed: amount (decimal) and unit price in euros → cents. */
function positionCents(p: PositionDraft, lang: Language) {
  const amount = parseNumber(p.amount, lang);
  const unitPrice = typedCents(p.unitPrice, lang);
  const validAmount = Number.isFinite(amount) && amount >= 0;
  return {
    amount: validAmount ? Math.round(amount * 1000) / 1000 : 0,
    unitPrice,
    totalPrice: validAmount ? positionTotalCents(Math.round(amount * 1000) / 1000, unitPrice) : 0,
    validAmount,
  };
}

function InvoiceFormDialog({
  company,
  invoice,
  lang,
  invalidate,
  onClose,
}: {
  company: Company;
  invoice: Invoice | null;
  lang: Language;
  invalidate: readonly (readonly unknown[])[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['invoicing', 'common']);
  const [number, setNumber] = useState(invoice?.number ?? '');
  const [type, setType] = useState<InvoiceType>(invoice?.type ?? 'fee');
  const [description, setDescription] = useState(invoice?.description ?? '');
  const [sentDate, setSentDate] = useState(invoice?.sentDate ?? '');
  const [paymentDate, setPaymentDate] = useState(invoice?.paymentDate ?? '');
  const [total, setTotal] = useState(invoice ? centsToEuroText(invoice.totalPrice, lang) : '');
  const [positions, setPositions] = useState<PositionDraft[]>(
    invoice?.invoicePositions.map((p) => ({
      description: p.description,
      amount: String(p.amount).replace('.', lang === 'de' ? ',' : '.'),
      unitPrice: centsToEuroText(p.unitPrice, lang),
    })) ?? [],
  );
  const [touched, setTouched] = useState(false);
  const computed = positions.map((p) => positionCents(p, lang));
  // With positions the total is their sum (the server checks the same rule, decision 0011).
  const totalCents = positions.length
    ? computed.reduce((s, p) => s + p.totalPrice, 0)
    : typedCents(total, lang);
  const invalid =
    !number.trim() || positions.some((p, i) => !p.description.trim() || !computed[i].validAmount);
  const mutation = useApiMutation({
    mutate: () => {
      const body = {
        number: number.trim(),
        type,
        description: description.trim() || null,
        sentDate: sentDate || null,
        paymentDate: paymentDate || null,
        totalPrice: totalCents,
        invoicePositions: positions.map((p, i) => ({
          description: p.description.trim(),
          amount: computed[i].amount,
          unitPrice: computed[i].unitPrice,
          totalPrice: computed[i].totalPrice,
        })),
      };
      return invoice
        ? call('updateInvoice', { params: { id: invoice.id }, body })
        : call('createInvoice', { body: { ...body, company: company.id } });
    },
    invalidate,
    success: t(invoice ? 'consulting.updated' : 'consulting.created'),
    onSuccess: onClose,
  });
  const setPosition = (i: number, patch: Partial<PositionDraft>) =>
    setPositions((list) => list.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <FormDialog
      id="consulting-invoice"
      title={t(invoice ? 'consulting.edit' : 'consulting.create')}
      mutation={mutation}
      onClose={onClose}
      submitLabel={invoice ? undefined : t('common:actions.create')}
      submitTestId="save-consulting-invoice"
      requiredHint
      onSubmit={() => {
        setTouched(true);
        if (!invalid) void mutation.run();
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={t('consulting.number')}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          required
          error={touched && !number.trim()}
          slotProps={{ htmlInput: { 'data-testid': 'invoice-number', maxLength: 100 } }}
        />
        <TextField
          select
          label={t('consulting.type')}
          value={type}
          onChange={(e) => setType(e.target.value as InvoiceType)}
        >
          {INVOICE_TYPES.map((x) => (
            <MenuItem key={x} value={x}>
              {t(`types.${x}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('consulting.sentDate')}
          type="date"
          value={sentDate}
          onChange={(e) => setSentDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={t('consulting.paymentDate')}
          type="date"
          value={paymentDate}
          onChange={(e) => setPaymentDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={t('consulting.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          sx={{ gridColumn: '1 / -1' }}
        />
      </Box>
      <Typography variant="subtitle2">{t('consulting.positions')}</Typography>
      {positions.map((p, i) => (
        <Box
          key={i}
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr 1fr', sm: '3fr 1fr 1fr 1fr auto' },
            alignItems: 'center',
          }}
        >
          <TextField
            size="small"
            label={t('consulting.positionDescription')}
            value={p.description}
            onChange={(e) => setPosition(i, { description: e.target.value })}
            required
            error={touched && !p.description.trim()}
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
          />
          <TextField
            size="small"
            label={t('consulting.amount')}
            value={p.amount}
            onChange={(e) => setPosition(i, { amount: e.target.value })}
            error={touched && !computed[i].validAmount}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            size="small"
            label={t('consulting.unitPrice')}
            value={p.unitPrice}
            onChange={(e) => setPosition(i, { unitPrice: e.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
            {formatCents(computed[i].totalPrice, lang)}
          </Typography>
          <IconButton
            size="small"
            aria-label={t('consulting.removePosition')}
            onClick={() => setPositions((list) => list.filter((_, j) => j !== i))}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddOutlined />}
          onClick={() => setPositions((list) => [...list, { description: '', amount: '1', unitPrice: '' }])}
          data-testid="add-position"
        >
          {t('consulting.addPosition')}
        </Button>
      </Box>
      {positions.length === 0 ? (
        <TextField
          label={t('consulting.totalEuro')}
          value={total}
          onChange={(e) => setTotal(e.target.value)}
          helperText={t('consulting.totalHint', { value: formatCents(totalCents, lang) })}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'invoice-total' } }}
        />
      ) : (
        <Typography variant="subtitle1" sx={{ textAlign: 'right' }} data-testid="invoice-sum">
          {t('consulting.sum', { value: formatCents(totalCents, lang) })}
        </Typography>
      )}
    </FormDialog>
  );
}
