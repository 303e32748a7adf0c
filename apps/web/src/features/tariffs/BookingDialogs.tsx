import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TariffBooking } from '@klimadesk/contract/tariffs/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { errorText } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { type Recipient, RecipientField, recipientChosen } from './RecipientField.tsx';

const INVALIDATE = [['tariffBookings'], ['activeTariffs'], ['tariffs'], ['me']] as const;

/** The failure snackbar of a booking call: the action's text plus the server's message (seed 002 §8). */
function failure(prefix: string) {
  return (err: unknown) => {
    const text = `${prefix} ${errorText(err)}`;
    notify(text, 'error');
    return text;
  };
}

const recipientFields = (r: Recipient, user: string, email: string) =>
  r.kind === 'user' ? { [user]: r.userId } : { [email]: r.email.trim() };

const optionalYear = (text: string) => (text.trim() === '' ? null : Number.parseInt(text, 10));

/** Books a tariff for a company (booking === null) or changes a booking that has not expired. */
export function BookingDialog({
  company,
  booking,
  onClose,
}: {
  company: { id: string; name: string };
  booking: TariffBooking | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['tariffs', 'common']);
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const tariffs = useQuery(queryOptions('tariffs', { query: { limit: 100, locale: lang } }));
  const [tariffId, setTariffId] = useState(booking?.tariff.id ?? '');
  const [beginDate, setBeginDate] = useState<string | null>(
    () => booking?.beginDate ?? new Date().toISOString().slice(0, 10),
  );
  const [endDate, setEndDate] = useState<string | null>(booking?.endDate ?? null);
  const [minimumTerm, setMinimumTerm] = useState(booking?.minimumTerm?.toString() ?? '');
  const [baseYear, setBaseYear] = useState(booking?.minimumBaseYear?.toString() ?? '');
  const [reportYear, setReportYear] = useState(booking?.maximumReportYear?.toString() ?? '');
  const [recipient, setRecipient] = useState<Recipient>({ kind: 'user', userId: '' });
  const [touched, setTouched] = useState(false);
  const save = useApiMutation({
    mutate: () => {
      const fields = {
        tariff: tariffId,
        beginDate: beginDate ?? '',
        endDate,
        minimumTerm: minimumTerm.trim() === '' ? null : Number.parseInt(minimumTerm, 10),
        minimumBaseYear: optionalYear(baseYear),
        maximumReportYear: optionalYear(reportYear),
      };
      return booking
        ? call('updateTariffBooking', {
            params: { id: booking.id },
            body: { ...fields, ...recipientFields(recipient, 'userBookingChange', 'emailBookingChange') },
          })
        : call('createTariffBooking', {
            body: {
              company: company.id,
              ...fields,
              ...recipientFields(recipient, 'userBooking', 'emailBooking'),
            },
          });
    },
    invalidate: INVALIDATE,
    success: (saved: TariffBooking) =>
      t(booking ? 'notify.bookingChanged' : 'notify.booked', {
        tariff: saved.tariff.name,
        company: company.name,
      }),
    errorOf: failure(t(booking ? 'notify.changeFailed' : 'notify.bookFailed')),
    onSuccess: onClose,
  });
  const yearOk = (text: string) => text.trim() === '' || /^\d{4}$/.test(text.trim());
  const valid =
    tariffId !== '' &&
    beginDate !== null &&
    (endDate === null || endDate >= beginDate) &&
    yearOk(baseYear) &&
    yearOk(reportYear) &&
    (minimumTerm.trim() === '' || /^\d{1,3}$/.test(minimumTerm.trim())) &&
    recipientChosen(recipient);
  return (
    <FormDialog
      id="tariff-booking"
      title={
        booking
          ? t('booking.changeTitle', { company: company.name })
          : t('booking.createTitle', { company: company.name })
      }
      mutation={save}
      onSubmit={() => {
        setTouched(true);
        if (valid) void save.run();
      }}
      onClose={onClose}
      maxWidth="sm"
      submitLabel={booking ? undefined : t('booking.book')}
      submitTestId="tariff-booking-save"
      requiredHint
    >
      <TextField
        select
        size="small"
        required
        label={t('booking.tariff')}
        value={tariffId}
        onChange={(e) => setTariffId(e.target.value)}
        error={touched && tariffId === ''}
        helperText={touched && tariffId === '' ? t('common:validation.required') : undefined}
        data-testid="tariff-booking-tariff"
      >
        {(tariffs.data?.['hydra:member'] ?? []).map((x) => (
          <MenuItem key={x.id} value={x.id}>
            {t(`modules.${x.module}`)} · {x.name} ({t(`types.${x.type}`)})
          </MenuItem>
        ))}
      </TextField>
      <DatesProvider>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <DayPicker
            label={t('booking.beginDate')}
            value={beginDate}
            onChange={setBeginDate}
            required
            error={touched && beginDate === null}
          />
          <DayPicker
            label={t('booking.endDate')}
            value={endDate}
            onChange={setEndDate}
            error={endDate !== null && beginDate !== null && endDate < beginDate}
            helperText={t('booking.endDateHelp')}
          />
        </Box>
      </DatesProvider>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <TextField
          size="small"
          label={t('booking.minimumTerm')}
          value={minimumTerm}
          onChange={(e) => setMinimumTerm(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          size="small"
          label={t('booking.minimumBaseYear')}
          value={baseYear}
          onChange={(e) => setBaseYear(e.target.value)}
          error={!yearOk(baseYear)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          size="small"
          label={t('booking.maximumReportYear')}
          value={reportYear}
          onChange={(e) => setReportYear(e.target.value)}
          error={!yearOk(reportYear)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
      <RecipientField companyId={company.id} value={recipient} onChange={setRecipient} showError={touched} />
    </FormDialog>
  );
}

/** Cancels a booking at an end date; the cancellation mail goes to the chosen recipient. */
export function CancelBookingDialog({
  company,
  booking,
  onClose,
}: {
  company: { id: string; name: string };
  booking: TariffBooking;
  onClose: () => void;
}) {
  const { t } = useTranslation(['tariffs', 'common']);
  const [endDate, setEndDate] = useState<string | null>(
    () => booking.endDate ?? new Date().toISOString().slice(0, 10),
  );
  const [recipient, setRecipient] = useState<Recipient>({ kind: 'user', userId: '' });
  const [touched, setTouched] = useState(false);
  const cancel = useApiMutation({
    mutate: () =>
      call('cancelTariffBooking', {
        params: { id: booking.id },
        body: {
          endDate: endDate ?? '',
          ...recipientFields(recipient, 'userCancellation', 'emailCancellation'),
        },
      }),
    invalidate: INVALIDATE,
    success: (saved: TariffBooking) =>
      t('notify.cancelled', { tariff: saved.tariff.name, company: company.name }),
    errorOf: failure(t('notify.cancelFailed')),
    onSuccess: onClose,
  });
  const valid = endDate !== null && endDate >= booking.beginDate && recipientChosen(recipient);
  return (
    <FormDialog
      id="tariff-cancel"
      title={t('booking.cancelTitle', { tariff: booking.tariff.name })}
      mutation={cancel}
      onSubmit={() => {
        setTouched(true);
        if (valid) void cancel.run();
      }}
      onClose={onClose}
      maxWidth="sm"
      submitLabel={t('booking.cancelSubmit')}
      submitTestId="tariff-cancel-save"
      requiredHint
    >
      <DatesProvider>
        <DayPicker
          label={t('booking.cancelEndDate')}
          value={endDate}
          onChange={setEndDate}
          required
          error={touched && (endDate === null || endDate < booking.beginDate)}
        />
      </DatesProvider>
      <RecipientField companyId={company.id} value={recipient} onChange={setRecipient} showError={touched} />
    </FormDialog>
  );
}
