import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { TariffBooking } from '@klimadesk/contract/tariffs/schemas';
import { queryOptions } from '../../app/client.ts';
import { CreateButton } from '../../components/EntityListPage.tsx';
import { ViewDialog } from '../../components/ViewDialog.tsx';
import { BookingDialog, CancelBookingDialog } from './BookingDialogs.tsx';
import { BookingStateChip } from './BookingState.tsx';
import { formatDay } from './tariffsFormat.ts';

type Open =
  | { kind: 'create' }
  | { kind: 'change'; booking: TariffBooking }
  | { kind: 'cancel'; booking: TariffBooking };

/** One booking with change and cancel while it has not expired. */
function BookingRow({ b, lang, onOpen }: { b: TariffBooking; lang: Language; onOpen: (open: Open) => void }) {
  const { t } = useTranslation(['tariffs', 'common']);
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: 600 }}>{b.tariff.name}</TableCell>
      <TableCell>{t(`modules.${b.tariff.module}`)}</TableCell>
      <TableCell>
        <BookingStateChip state={b.state} />
      </TableCell>
      <TableCell>{formatDay(b.beginDate, lang)}</TableCell>
      <TableCell>{formatDay(b.endDate, lang)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {b.state !== 'expired' && (
          <>
            <Tooltip title={t('companyDialog.change')}>
              <IconButton
                size="small"
                aria-label={t('companyDialog.changeAria', { tariff: b.tariff.name })}
                onClick={() => onOpen({ kind: 'change', booking: b })}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('companyDialog.cancel')}>
              <IconButton
                size="small"
                aria-label={t('companyDialog.cancelAria', { tariff: b.tariff.name })}
                onClick={() => onOpen({ kind: 'cancel', booking: b })}
              >
                <EventBusyOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The company's bookings: tariff, module, state, begin and end. */
function BookingsTable({
  rows,
  lang,
  onOpen,
}: {
  rows: TariffBooking[];
  lang: Language;
  onOpen: (open: Open) => void;
}) {
  const { t } = useTranslation(['tariffs', 'common']);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('companyDialog.tableLabel')} data-testid="company-tariffs-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.tariff')}</TableCell>
            <TableCell>{t('columns.module')}</TableCell>
            <TableCell>{t('columns.state')}</TableCell>
            <TableCell>{t('columns.beginDate')}</TableCell>
            <TableCell>{t('columns.endDate')}</TableCell>
            <TableCell align="right">{t('columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((b) => (
            <BookingRow key={b.id} b={b} lang={lang} onOpen={onOpen} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * A company's tariff bookings for the platform admin, with the create, change and cancel dialogs
 * (seed 002 §2). Opened from the customer list.
 */
export function CompanyTariffsDialog({
  company,
  open,
  onClose,
}: {
  company: { id: string; name: string };
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['tariffs', 'common']);
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const [dialog, setDialog] = useState<Open | null>(null);
  const bookings = useQuery({
    ...queryOptions('tariffBookings', { query: { company: company.id, pagination: 'false', locale: lang } }),
    enabled: open,
  });
  const rows = bookings.data?.['hydra:member'] ?? [];
  return (
    <>
      <ViewDialog
        id="company-tariffs-title"
        title={t('companyDialog.title', { company: company.name })}
        open={open && dialog === null}
        onClose={onClose}
      >
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <CreateButton
            label={t('companyDialog.book')}
            onClick={() => setDialog({ kind: 'create' })}
            testId="company-tariff-book"
          />
        </Box>
        {bookings.isSuccess && rows.length === 0 ? (
          <Alert severity="info">{t('companyDialog.empty')}</Alert>
        ) : (
          <BookingsTable rows={rows} lang={lang} onOpen={setDialog} />
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('companyDialog.hint')}
        </Typography>
      </ViewDialog>
      {open && dialog?.kind === 'create' && (
        <BookingDialog company={company} booking={null} onClose={() => setDialog(null)} />
      )}
      {open && dialog?.kind === 'change' && (
        <BookingDialog company={company} booking={dialog.booking} onClose={() => setDialog(null)} />
      )}
      {open && dialog?.kind === 'cancel' && (
        <CancelBookingDialog company={company} booking={dialog.booking} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
