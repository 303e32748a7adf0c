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

const yearOk = (text: string) => text.trim() === '' || /^\d{4}$/.test(text.trim());

/** The booking as typed; a new one starts today, without end, and asks for the mail's recipient. */
function useBookingDraft(booking: TariffBooking | null) {
  const [tariffId, setTariffId] = useState(booking?.tariff.id ?? '');
  const [beginDate, setBeginDate] = useState<string | null>(
    () => booking?.beginDate ?? new Date().toISOString().slice(0, 10),
  );
  const [endDate, setEndDate] = useState<string | null>(booking?.endDate ?? null);
  const [minimumTerm, setMinimumTerm] = useState(booking?.minimumTerm?.toString() ?? '');
  const [baseYear, setBaseYear] = useState(booking?.minimumBaseYear?.toString() ?? '');
  const [reportYear, setReportYear] = useState(booking?.maximumReportYear?.toString() ?? '');
  const [recipient, setRecipient] = useState<Recipient>({ kind: 'user', userId: '' });
  const valid =
    tariffId !== '' &&
    beginDate !== null &&
    (endDate === null || endDate >= beginDate) &&
    yearOk(baseYear) &&
    yearOk(reportYear) &&
    (minimumTerm.trim() === '' || /^\d{1,3}$/.test(minimumTerm.trim())) &&
    recipientChosen(recipient);
  return {
    tariffId,
    setTariffId,
    beginDate,
    setBeginDate,
    endDate,
    setEndDate,
    minimumTerm,
    setMinimumTerm,
    baseYear,
    setBaseYear,
    reportYear,
    setReportYear,
    recipient,
    setRecipient,
    valid,
  };
}

type BookingDraft = ReturnType<typeof useBookingDraft>;

/** The booking's fields as the contract takes them. */
function bookingFields(b: BookingDraft) {
  return {
    tariff: b.tariffId,
    beginDate: b.beginDate ?? '',
    endDate: b.endDate,
    minimumTerm: b.minimumTerm.trim() === '' ? null : Number.parseInt(b.minimumTerm, 10),
    minimumBaseYear: optionalYear(b.baseYear),
    maximumReportYear: optionalYear(b.reportYear),
  };
}

/** Books the tariff, or changes the booking; the mail goes to the chosen recipient. */
function useBookingSave(
  company: { id: string; name: string },
  booking: TariffBooking | null,
  b: BookingDraft,
  onClose: () => void,
) {
  const { t } = useTranslation(['tariffs', 'common']);
  return useApiMutation({
    mutate: () => {
      const fields = bookingFields(b);
      return booking
        ? call('updateTariffBooking', {
            params: { id: booking.id },
            body: { ...fields, ...recipientFields(b.recipient, 'userBookingChange', 'emailBookingChange') },
          })
        : call('createTariffBooking', {
            body: {
              company: company.id,
              ...fields,
              ...recipientFields(b.recipient, 'userBooking', 'emailBooking'),
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
}

/** The tariff to book, by module, name and type. */
function TariffSelect({ b, touched }: { b: BookingDraft; touched: boolean }) {
  const { t, i18n } = useTranslation(['tariffs', 'common']);
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const tariffs = useQuery(queryOptions('tariffs', { query: { limit: 100, locale: lang } }));
  return (
    <TextField
      select
      size="small"
      required
      label={t('booking.tariff')}
      value={b.tariffId}
      onChange={(e) => b.setTariffId(e.target.value)}
      error={touched && b.tariffId === ''}
      helperText={touched && b.tariffId === '' ? t('common:validation.required') : undefined}
      data-testid="tariff-booking-tariff"
    >
      {(tariffs.data?.['hydra:member'] ?? []).map((x) => (
        <MenuItem key={x.id} value={x.id}>
          {t(`modules.${x.module}`)} · {x.name} ({t(`types.${x.type}`)})
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Begin and end of the booking; the end not before the begin. */
function BookingDates({ b, touched }: { b: BookingDraft; touched: boolean }) {
  const { t } = useTranslation(['tariffs', 'common']);
  return (
    <DatesProvider>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <DayPicker
          label={t('booking.beginDate')}
          value={b.beginDate}
          onChange={b.setBeginDate}
          required
          error={touched && b.beginDate === null}
        />
        <DayPicker
          label={t('booking.endDate')}
          value={b.endDate}
          onChange={b.setEndDate}
          error={b.endDate !== null && b.beginDate !== null && b.endDate < b.beginDate}
          helperText={t('booking.endDateHelp')}
        />
      </Box>
    </DatesProvider>
  );
}

/** Minimum term in months, earliest base year and latest report year. */
function BookingTerms({ b }: { b: BookingDraft }) {
  const { t } = useTranslation(['tariffs', 'common']);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
      <TextField
        size="small"
        label={t('booking.minimumTerm')}
        value={b.minimumTerm}
        onChange={(e) => b.setMinimumTerm(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        size="small"
        label={t('booking.minimumBaseYear')}
        value={b.baseYear}
        onChange={(e) => b.setBaseYear(e.target.value)}
        error={!yearOk(b.baseYear)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <TextField
        size="small"
        label={t('booking.maximumReportYear')}
        value={b.reportYear}
        onChange={(e) => b.setReportYear(e.target.value)}
        error={!yearOk(b.reportYear)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </Box>
  );
}

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
  const { t } = useTranslation(['tariffs', 'common']);
  const b = useBookingDraft(booking);
  const [touched, setTouched] = useState(false);
  const save = useBookingSave(company, booking, b, onClose);
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
        if (b.valid) void save.run();
      }}
      onClose={onClose}
      maxWidth="sm"
      submitLabel={booking ? undefined : t('booking.book')}
      submitTestId="tariff-booking-save"
      requiredHint
    >
      <TariffSelect b={b} touched={touched} />
      <BookingDates b={b} touched={touched} />
      <BookingTerms b={b} />
      <RecipientField
        companyId={company.id}
        value={b.recipient}
        onChange={b.setRecipient}
        showError={touched}
      />
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
