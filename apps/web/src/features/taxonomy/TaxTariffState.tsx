import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import HourglassBottomOutlined from '@mui/icons-material/HourglassBottomOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isPathAllowed } from '@klimadesk/contract/platform/web-routes';
import { call, can, queryKeyOf } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import { notifyError } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { useNow } from '../../components/useNow.ts';
import { demoDaysLeft } from './taxonomyModel.ts';
import { useTaxStatus } from './taxQueries.ts';

/** Once per page load: the user chose to look at the activities of an expired trial. */
let expiredAcknowledged = false;

/**
 * The taxonomy module's tariff state on its screens (seed 001 §4, seed 002 §4): DEMO shows the
 * countdown and the book-a-demo button, RESTRICTED offers the 14-day demo, EXPIRED blocks with the
 * trial-ended dialog until the user unlocks (books a tariff) or chooses to view only. The platform
 * admin may continue past it.
 */
export function TaxTariffState() {
  const me = useMe();
  const status = useTaxStatus().data;
  if (!status || status.taxType === null) return null;
  const bookingsPath = isPathAllowed('/invoicing/tariffs', me.routes)
    ? '/invoicing/tariffs'
    : '/help/contact';
  if (status.taxType === 'DEMO') return <DemoBanner demoEnd={status.taxDemoEnd} />;
  if (status.taxType === 'RESTRICTED')
    return <RestrictedBanner canBookDemo={status.canBookDemo} bookingsPath={bookingsPath} />;
  return <ExpiredState bookingsPath={bookingsPath} />;
}

/** The running demo with its days left and the way to book. */
function DemoBanner({ demoEnd }: { demoEnd: Parameters<typeof demoDaysLeft>[0] }) {
  const { t } = useTranslation('taxonomy');
  const navigate = useNavigate();
  const now = useNow();
  const days = demoDaysLeft(demoEnd, now);
  return (
    <Alert
      severity="info"
      icon={<HourglassBottomOutlined />}
      sx={{ mb: 3, alignItems: 'center' }}
      data-testid="tax-demo-banner"
      action={
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          onClick={() => void navigate({ href: '/help/contact' })}
        >
          {t('tariff.bookDemo')}
        </Button>
      }
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {t('tariff.demoRunning')}
        <Chip
          size="small"
          color="info"
          label={t('tariff.daysLeft', { count: days })}
          data-testid="tax-demo-countdown"
        />
      </Box>
    </Alert>
  );
}

/** No tariff: the 14-day demo where the company may still start one, else the way to book. */
function RestrictedBanner({ canBookDemo, bookingsPath }: { canBookDemo: boolean; bookingsPath: string }) {
  const { t } = useTranslation('taxonomy');
  const me = useMe();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [booking, setBooking] = useState(false);
  const mayBook = canBookDemo && can(me, 'bookTaxDemo');

  const bookDemo = async () => {
    setBooking(true);
    try {
      const next = await call('bookTaxDemo', { params: { id: me.company.id, x: 'tax' } });
      qc.setQueryData(queryKeyOf('taxDemoBookingDate', { params: { id: me.company.id } }), next);
      notify(
        next.taxType === 'DEMO' ? t('tariff.demoBooked') : t('tariff.demoNotAllowed'),
        next.taxType === 'DEMO' ? 'success' : 'warning',
      );
    } catch (err) {
      notifyError(err);
    } finally {
      setBooking(false);
    }
  };

  return (
    <Alert
      severity="warning"
      sx={{ mb: 3, alignItems: 'center' }}
      data-testid="tax-restricted-banner"
      action={
        mayBook ? (
          <Button
            color="inherit"
            variant="outlined"
            size="small"
            disabled={booking}
            onClick={() => void bookDemo()}
            data-testid="tax-book-demo"
          >
            {t('tariff.startDemo')}
          </Button>
        ) : (
          <Button color="inherit" size="small" onClick={() => void navigate({ href: bookingsPath })}>
            {t('tariff.unlock')}
          </Button>
        )
      }
    >
      {mayBook ? t('tariff.restrictedDemo') : t('tariff.restricted')}
    </Alert>
  );
}

/** EXPIRED: activities stay readable; the dialog blocks until the user chooses. */
function ExpiredState({ bookingsPath }: { bookingsPath: string }) {
  const { t } = useTranslation('taxonomy');
  const me = useMe();
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState(expiredAcknowledged);
  const platformAdmin = me.roles.includes('ROLE_SMP_ADMIN');
  return (
    <>
      <Alert severity="warning" sx={{ mb: 3 }} data-testid="tax-expired-banner">
        {t('tariff.expiredReadOnly')}
      </Alert>
      {!dismissed && !platformAdmin && (
        <Dialog
          open
          maxWidth="xs"
          fullWidth
          aria-labelledby="tax-expired-title"
          data-testid="tax-expired-dialog"
        >
          <DialogTitle id="tax-expired-title">{t('tariff.expiredTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('tariff.expiredText')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button
              onClick={() => {
                expiredAcknowledged = true;
                setDismissed(true);
              }}
            >
              {t('tariff.viewOnly')}
            </Button>
            <Button
              variant="contained"
              startIcon={<LockOpenOutlined />}
              onClick={() => void navigate({ href: bookingsPath })}
            >
              {t('tariff.unlock')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
