import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SalesData } from '@klimadesk/contract/customers/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { MOBILE_QUERY } from '../../app/theme.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { formatCents, formatNumber } from '../../components/format.ts';
import { formatMonth } from '../../components/units.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { firstDayOf, monthOf, typedToEuros } from './customerSchemas.ts';
import { eurosToCents } from '@klimadesk/contract/customers/schemas';

type Customer = { id: string; name: string };
const INVALIDATE = [['salesDatas'], ['customerStats']] as const;

/** The sales of one customer by month, newest first, with add, change and delete (seed 002 §2). */
export function SalesDataDialog({ company, onClose }: { company: Customer; onClose: () => void }) {
  const { t } = useTranslation(['customers', 'common']);
  const lang = currentLanguage();
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const rows = useQuery(
    queryOptions('salesDatas', {
      query: { company: company.id, pagination: 'false', 'order[month]': 'desc' },
    }),
  );
  const [edit, setEdit] = useState<{ row: SalesData | null } | null>(null);
  const [remove, setRemove] = useState<SalesData | null>(null);
  const removal = useApiMutation<SalesData>({
    mutate: (row) => call('deleteSalesData', { params: { id: row.id } }),
    invalidate: INVALIDATE,
    success: (_r, row) => t('sales.deleted', { month: formatMonth(monthOf(row.month), lang) }),
    onSuccess: () => setRemove(null),
  });
  const members = rows.data?.['hydra:member'] ?? [];
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="sales-title"
    >
      <DialogTitle id="sales-title">{t('sales.title', { name: company.name })}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEdit({ row: null })}
            data-testid="sales-add"
          >
            {t('sales.add')}
          </Button>
        </Box>
        {rows.isSuccess && members.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {t('sales.none')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('sales.tableLabel')} data-testid="sales-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('sales.month')}</TableCell>
                  <TableCell align="right">{t('stats.licenses')}</TableCell>
                  <TableCell align="right">{t('stats.consulting')}</TableCell>
                  <TableCell align="right">{t('sales.total')}</TableCell>
                  <TableCell align="right">{t('columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {members.map((row) => {
                  const month = formatMonth(monthOf(row.month), lang);
                  return (
                    <TableRow key={row.id} data-testid="sales-row">
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{month}</TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatCents(row.licensesCents, lang)}
                      </TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatCents(row.consultingCents, lang)}
                      </TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                        {formatCents(row.licensesCents + row.consultingCents, lang)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title={t('common:actions.edit')}>
                          <IconButton
                            size="small"
                            aria-label={t('sales.editAria', { month })}
                            onClick={() => setEdit({ row })}
                          >
                            <EditOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('common:actions.delete')}>
                          <IconButton
                            size="small"
                            aria-label={t('sales.deleteAria', { month })}
                            onClick={() => setRemove(row)}
                          >
                            <DeleteOutline fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('sales.close')}</Button>
      </DialogActions>
      {edit && (
        <SalesMonthDialog
          company={company}
          row={edit.row}
          taken={members.map((r) => monthOf(r.month))}
          onClose={() => setEdit(null)}
        />
      )}
      {remove && (
        <ConfirmDialog
          title={t('sales.deleteTitle')}
          text={t('sales.deleteText', { month: formatMonth(monthOf(remove.month), lang) })}
          confirmLabel={t('common:actions.delete')}
          onClose={() => setRemove(null)}
          onConfirm={() => removal.runOrThrow(remove).then(() => undefined)}
        />
      )}
    </Dialog>
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
  const now = new Date();
  const start = row ? monthOf(row.month) : firstFreeMonth(now, taken);
  const [year, setYear] = useState(Number(start.slice(0, 4)));
  const [month, setMonth] = useState(Number(start.slice(5, 7)));
  const [licenses, setLicenses] = useState(row ? typedText(row.licensesCents, lang) : '');
  const [consulting, setConsulting] = useState(row ? typedText(row.consultingCents, lang) : '');
  const monthValue = `${year}-${String(month).padStart(2, '0')}`;
  const years = Array.from({ length: 8 }, (_, i) => now.getFullYear() + 1 - i);
  if (!years.includes(year)) years.push(year);
  const monthNames = Array.from({ length: 12 }, (_, i) =>
    new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', { month: 'long' }).format(
      new Date(2026, i, 15),
    ),
  );
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
  const amountField = (id: 'licenses' | 'consulting', value: string, set: (v: string) => void) => {
    const read = typedToEuros(value, lang);
    return (
      <TextField
        label={t(`sales.${id}`)}
        value={value}
        onChange={(e) => set(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20, 'data-testid': `sales-${id}` } }}
        helperText={
          value.trim()
            ? t('sales.amountRead', { amount: formatCents(eurosToCents(read), lang) })
            : t('sales.amountHint')
        }
      />
    );
  };
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
      <TextField
        select
        label={t('sales.month')}
        value={month}
        onChange={(e) => setMonth(Number(e.target.value))}
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
        onChange={(e) => setYear(Number(e.target.value))}
        slotProps={{ select: { inputProps: { 'data-testid': 'sales-year' } } }}
      >
        {years.map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 2 }}>
        {amountField('licenses', licenses, setLicenses)}
        {amountField('consulting', consulting, setConsulting)}
      </Box>
    </FormDialog>
  );
}
