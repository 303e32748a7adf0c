import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { INVOICE_TYPES, type Invoice, type InvoiceType } from '@klimadesk/contract/invoicing/schemas';
import { positionTotalCents } from '@klimadesk/contract/invoicing/pricing';
import type { Language } from '@klimadesk/contract/constants';
import { call } from '../../app/client.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { formatCents, parseNumber, typedCents } from '../../components/format.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { centsToEuroText } from './invoicingFormat.ts';

/** The customer a consulting invoice is for. */
export type Company = { id: string; name: string };

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

/**
 * The invoice as typed: number, type, description, dates, and either its positions or its total.
 * With positions the total is their sum (the server checks the same rule, decision 0011).
 */
function useInvoiceDraft(invoice: Invoice | null, lang: Language) {
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
  const computed = positions.map((p) => positionCents(p, lang));
  // With positions the total is their sum (the server checks the same rule, decision 0011).
  const totalCents = positions.length
    ? computed.reduce((s, p) => s + p.totalPrice, 0)
    : typedCents(total, lang);
  const invalid =
    !number.trim() || positions.some((p, i) => !p.description.trim() || !computed[i].validAmount);
  const setPosition = (i: number, patch: Partial<PositionDraft>) =>
    setPositions((list) => list.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return {
    number,
    setNumber,
    type,
    setType,
    description,
    setDescription,
    sentDate,
    setSentDate,
    paymentDate,
    setPaymentDate,
    total,
    setTotal,
    positions,
    setPositions,
    setPosition,
    computed,
    totalCents,
    invalid,
  };
}

type InvoiceDraft = ReturnType<typeof useInvoiceDraft>;

/** The invoice's body as the contract takes it. */
function invoiceBody(d: InvoiceDraft) {
  return {
    number: d.number.trim(),
    type: d.type,
    description: d.description.trim() || null,
    sentDate: d.sentDate || null,
    paymentDate: d.paymentDate || null,
    totalPrice: d.totalCents,
    invoicePositions: d.positions.map((p, i) => ({
      description: p.description.trim(),
      amount: d.computed[i].amount,
      unitPrice: d.computed[i].unitPrice,
      totalPrice: d.computed[i].totalPrice,
    })),
  };
}

/** Number, type, the dates it was sent and paid, and its description. */
function InvoiceFields({ draft, touched }: { draft: InvoiceDraft; touched: boolean }) {
  const { t } = useTranslation(['invoicing', 'common']);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        label={t('consulting.number')}
        value={draft.number}
        onChange={(e) => draft.setNumber(e.target.value)}
        required
        error={touched && !draft.number.trim()}
        slotProps={{ htmlInput: { 'data-testid': 'invoice-number', maxLength: 100 } }}
      />
      <TextField
        select
        label={t('consulting.type')}
        value={draft.type}
        onChange={(e) => draft.setType(e.target.value as InvoiceType)}
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
        value={draft.sentDate}
        onChange={(e) => draft.setSentDate(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label={t('consulting.paymentDate')}
        type="date"
        value={draft.paymentDate}
        onChange={(e) => draft.setPaymentDate(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label={t('consulting.description')}
        value={draft.description}
        onChange={(e) => draft.setDescription(e.target.value)}
        multiline
        sx={{ gridColumn: '1 / -1' }}
      />
    </Box>
  );
}

/** One position: description, amount, unit price, its total and remove. */
function PositionRow({
  draft,
  index: i,
  touched,
  lang,
}: {
  draft: InvoiceDraft;
  index: number;
  touched: boolean;
  lang: Language;
}) {
  const { t } = useTranslation(['invoicing', 'common']);
  const p = draft.positions[i];
  return (
    <Box
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
        onChange={(e) => draft.setPosition(i, { description: e.target.value })}
        required
        error={touched && !p.description.trim()}
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
      />
      <TextField
        size="small"
        label={t('consulting.amount')}
        value={p.amount}
        onChange={(e) => draft.setPosition(i, { amount: e.target.value })}
        error={touched && !draft.computed[i].validAmount}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        size="small"
        label={t('consulting.unitPrice')}
        value={p.unitPrice}
        onChange={(e) => draft.setPosition(i, { unitPrice: e.target.value })}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <Typography variant="body2" sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {formatCents(draft.computed[i].totalPrice, lang)}
      </Typography>
      <IconButton
        size="small"
        aria-label={t('consulting.removePosition')}
        onClick={() => draft.setPositions((list) => list.filter((_, j) => j !== i))}
      >
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** The total in euros without positions, else the sum of the positions. */
function InvoiceTotal({ draft, lang }: { draft: InvoiceDraft; lang: Language }) {
  const { t } = useTranslation(['invoicing', 'common']);
  return draft.positions.length === 0 ? (
    <TextField
      label={t('consulting.totalEuro')}
      value={draft.total}
      onChange={(e) => draft.setTotal(e.target.value)}
      helperText={t('consulting.totalHint', { value: formatCents(draft.totalCents, lang) })}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'invoice-total' } }}
    />
  ) : (
    <Typography variant="subtitle1" sx={{ textAlign: 'right' }} data-testid="invoice-sum">
      {t('consulting.sum', { value: formatCents(draft.totalCents, lang) })}
    </Typography>
  );
}

/** A consulting invoice of the customer, new or changed, with its positions. */
export function InvoiceFormDialog({
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
  const draft = useInvoiceDraft(invoice, lang);
  const [touched, setTouched] = useState(false);
  const mutation = useApiMutation({
    mutate: () => {
      const body = invoiceBody(draft);
      return invoice
        ? call('updateInvoice', { params: { id: invoice.id }, body })
        : call('createInvoice', { body: { ...body, company: company.id } });
    },
    invalidate,
    success: t(invoice ? 'consulting.updated' : 'consulting.created'),
    onSuccess: onClose,
  });
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
        if (!draft.invalid) void mutation.run();
      }}
    >
      <InvoiceFields draft={draft} touched={touched} />
      <Typography variant="subtitle2">{t('consulting.positions')}</Typography>
      {draft.positions.map((_p, i) => (
        <PositionRow key={i} draft={draft} index={i} touched={touched} lang={lang} />
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddOutlined />}
          onClick={() =>
            draft.setPositions((list) => [...list, { description: '', amount: '1', unitPrice: '' }])
          }
          data-testid="add-position"
        >
          {t('consulting.addPosition')}
        </Button>
      </Box>
      <InvoiceTotal draft={draft} lang={lang} />
    </FormDialog>
  );
}
