import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { SalesData } from '@klimadesk/contract/customers/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useConfirmedWrite, deleteConfirm } from '../../components/ConfirmDialog.tsx';
import { EditDeleteButtons, ItemsDialog } from '../../components/ItemsDialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { formatCents, formatNumber } from '../../components/format.ts';
import { formatMonth } from '../../components/units.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { useNow } from '../../components/useNow.ts';
import { firstDayOf, monthOf, typedToEuros } from './customerSchemas.ts';
import { eurosToCents } from '@klimadesk/contract/customers/schemas';

type Customer = { id: string; name: string };
const INVALIDATE = [['salesDatas'], ['customerStats']] as const;

/** The sales of one customer by month, newest first, with add, change and delete (seed 002 §2). */
export function SalesDataDialog({ company, onClose }: { company: Customer; onClose: () => void }) {
  const { t } = useTranslation(['customers', 'common']);
  const lang = currentLanguage();
  const rows = useQuery(
    queryOptions('salesDatas', {
      query: { company: company.id, pagination: 'false', 'order[month]': 'desc' },
    }),
  );
  const [edit, setEdit] = useState<{ row: SalesData | null } | null>(null);
  const remove = useConfirmedWrite<SalesData>({
    mutate: (row) => call('deleteSalesData', { params: { id: row.id } }),
    invalidate: INVALIDATE,
    success: (_r, row) => t('sales.deleted', { month: formatMonth(monthOf(row.month), lang) }),
    confirm: (row) =>
      deleteConfirm(
        t('sales.deleteTitle'),
        t('sales.deleteText', { month: formatMonth(monthOf(row.month), lang) }),
      ),
  });
  const members = rows.data?.['hydra:member'] ?? [];
  const amount = { fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <ItemsDialog
      id="sales-title"
      title={t('sales.title', { name: company.name })}
      add={{ label: t('sales.add'), testId: 'sales-add', onClick: () => setEdit({ row: null }) }}
      loaded={rows.isSuccess}
      count={members.length}
      empty={t('sales.none')}
      tableLabel={t('sales.tableLabel')}
      tableTestId="sales-table"
      head={
        <>
          <TableCell>{t('sales.month')}</TableCell>
          <TableCell align="right">{t('stats.licenses')}</TableCell>
          <TableCell align="right">{t('stats.consulting')}</TableCell>
          <TableCell align="right">{t('sales.total')}</TableCell>
          <TableCell align="right">{t('columns.actions')}</TableCell>
        </>
      }
      rows={members.map((row) => {
        const month = formatMonth(monthOf(row.month), lang);
        return (
          <TableRow key={row.id} data-testid="sales-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{month}</TableCell>
            <TableCell align="right" sx={amount}>
              {formatCents(row.licensesCents, lang)}
            </TableCell>
            <TableCell align="right" sx={amount}>
              {formatCents(row.consultingCents, lang)}
            </TableCell>
            <TableCell align="right" sx={{ ...amount, fontWeight: 600 }}>
              {formatCents(row.licensesCents + row.consultingCents, lang)}
            </TableCell>
            <EditDeleteButtons
              editAria={t('sales.editAria', { month })}
              deleteAria={t('sales.deleteAria', { month })}
              onEdit={() => setEdit({ row })}
              onDelete={() => remove.ask(row)}
            />
          </TableRow>
        );
      })}
      closeLabel={t('sales.close')}
      onClose={onClose}
    >
      {edit && (
        <SalesMonthDialog
          company={company}
          row={edit.row}
          taken={members.map((r) => monthOf(r.month))}
          onClose={() => setEdit(null)}
        />
      )}
      {remove.dialog}
    </ItemsDialog>
  );
}

/** Euros as a person reads them in the form: "1.234,56" in German, "1,234.56" in English. */
const typedText = (cents: number, lang: 'de' | 'en') => formatNumber(cents / 100, lang, 2);

/** The current month, or the first month after it without a row. */
function firstFreeMonth(now: Date, taken: string[]): string {
  let y = now.getFullYear();
  let m = now.getMonth() + 1;
  const text = () => `${y}-${String(m).padStart(2, '0')}`;
  while (taken.includes(text())) {
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return text();
}

/** An amount in euros as typed, with how it was read below it. */
function AmountField({
  id,
  value,
  onChange,
  lang,
}: {
  id: 'licenses' | 'consulting';
  value: string;
  onChange: (v: string) => void;
  lang: Language;
}) {
  const { t } = useTranslation(['customers', 'common']);
  const read = typedToEuros(value, lang);
  return (
    <TextField
      label={t(`sales.${id}`)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20, 'data-testid': `sales-${id}` } }}
      helperText={
        value.trim()
          ? t('sales.amountRead', { amount: formatCents(eurosToCents(read), lang) })
          : t('sales.amountHint')
      }
    />
  );
}

/** The month by name and the year: next year and the seven before it, and the row's own year. */
function MonthFields({
  month,
  year,
  onMonth,
  onYear,
  now,
  lang,
}: {
  month: number;
  year: number;
  onMonth: (m: number) => void;
  onYear: (y: number) => void;
  /** When the dialog opened: the years offered run from the next one back. */
  now: Date;
  lang: Language;
}) {
  const { t } = useTranslation(['customers', 'common']);
  const years = Array.from({ length: 8 }, (_, i) => now.getFullYear() + 1 - i);
  if (!years.includes(year)) years.push(year);
  const monthNames = Array.from({ length: 12 }, (_, i) =>
    new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', { month: 'long' }).format(
      new Date(2026, i, 15),
    ),
  );
  return (
    <>
      <TextField
        select
        label={t('sales.month')}
        value={month}
        onChange={(e) => onMonth(Number(e.target.value))}
        slotProps={{ select: { inputProps: { 'data-testid': 'sales-month' } } }}
      >
        {monthNames.map((name, i) => (
          <MenuItem key={name} value={i + 1}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('stats.year')}
        value={year}
        onChange={(e) => onYear(Number(e.target.value))}
        slotProps={{ select: { inputProps: { 'data-testid': 'sales-year' } } }}
      >
        {years.map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/** Records or changes one month: month and year, licenses and consulting in euros. */
function SalesMonthDialog({
  company,
  row,
  taken,
  onClose,
}: {
  company: Customer;
  row: SalesData | null;
  /** Months (`YYYY-MM`) the customer has rows for: a new row starts on the first free one from now on. */
  taken: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['customers', 'common']);
  const lang = currentLanguage();
  const now = useNow();
  const start = row ? monthOf(row.month) : firstFreeMonth(now, taken);
  const [year, setYear] = useState(Number(start.slice(0, 4)));
  const [month, setMonth] = useState(Number(start.slice(5, 7)));
  const [licenses, setLicenses] = useState(row ? typedText(row.licensesCents, lang) : '');
  const [consulting, setConsulting] = useState(row ? typedText(row.consultingCents, lang) : '');
  const monthValue = `${year}-${String(month).padStart(2, '0')}`;
  const save = useApiMutation({
    mutate: (body: { month: string; licenses: string; consulting: string }) =>
      row
        ? call('updateSalesData', { params: { id: row.id }, body })
        : call('createSalesData', { body: { ...body, company: company.id } }),
    invalidate: INVALIDATE,
    success: (saved) =>
      t(row ? 'sales.saved' : 'sales.created', { month: formatMonth(monthOf(saved.month), lang) }),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      id="sales-month"
      title={
        row ? t('sales.editTitle', { month: formatMonth(monthOf(row.month), lang) }) : t('sales.addTitle')
      }
      mutation={save}
      onSubmit={() =>
        save.run({
          month: firstDayOf(monthValue),
          licenses: typedToEuros(licenses, lang),
          consulting: typedToEuros(consulting, lang),
        })
      }
      onClose={onClose}
      maxWidth="xs"
      submitLabel={row ? undefined : t('common:actions.create')}
      submitTestId="sales-save"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      <MonthFields month={month} year={year} onMonth={setMonth} onYear={setYear} now={now} lang={lang} />
      <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 2 }}>
        <AmountField id="licenses" value={licenses} onChange={setLicenses} lang={lang} />
        <AmountField id="consulting" value={consulting} onChange={setConsulting} lang={lang} />
      </Box>
    </FormDialog>
  );
}
