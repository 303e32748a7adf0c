import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { AcceptTermsLabel } from '../../components/AcceptTermsLabel.tsx';
import { WizardSteps } from '../../components/WizardSteps.tsx';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PRICE_PER_SHIPMENT_CENTS } from '@klimadesk/contract/constants';
import { isPathAllowed } from '@klimadesk/contract/platform/web-routes';
import type { Company } from '@klimadesk/contract/platform/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { refreshMe, queryClient } from '../../app/session.ts';
import { MOBILE_QUERY } from '../../app/theme.ts';
import { formatCents } from '../../components/format.ts';
import { AddressFields } from './AddressFields.tsx';
import { addressForm, companyToAddress, toAddressBody, type AddressForm } from './companySchemas.ts';

const STEPS = ['terms', 'address', 'success'] as const;

/** Upgrade of a basic company in three steps: terms, company and billing address, success (seed 002 §4). */
export function UnlockWizard({ companyId, onClose }: { companyId: string; onClose: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const [step, setStep] = useState(0);
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const company = useQuery({
    ...queryOptions('getCompany', { params: { id: companyId } }),
  });

  const finish = async () => {
    // Roles and routes change with the edition; the page reloads on the new home (seed 002 §4).
    const me = await refreshMe().catch(() => null);
    window.location.assign(me && isPathAllowed('/dashboard/tour', me.routes) ? '/dashboard/tour' : '/');
  };

  return (
    <Dialog
      open
      onClose={step === 2 ? () => void finish() : onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="unlock-title"
    >
      <DialogTitle id="unlock-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <WorkspacePremiumOutlined color="primary" /> {t('unlock.title')}
      </DialogTitle>
      <DialogContent dividers>
        <WizardSteps active={step} labels={STEPS.map((s) => t(`unlock.step.${s}`))} sx={{ mb: 3 }} />
        {step === 0 && (
          <UnlockTerms
            accepted={accepted}
            termsError={termsError}
            onAccept={(checked) => {
              setAccepted(checked);
              setTermsError(false);
            }}
          />
        )}
        {step === 1 && company.data && (
          <UnlockAddress
            company={company.data}
            error={error}
            onSubmit={async (v) => {
              setError(null);
              try {
                await call('unlockCompany', {
                  params: { id: companyId },
                  body: { ...toAddressBody(v), acceptTerms: true },
                });
                await queryClient.invalidateQueries({ queryKey: ['getCompany'] });
                setStep(2);
              } catch {
                setError(t('errors:upgradeFailed'));
              }
            }}
          />
        )}
        {step === 2 && <UnlockSuccess />}
      </DialogContent>
      <UnlockActions
        step={step}
        onCancel={onClose}
        onNext={() => {
          if (!accepted) setTermsError(true);
          else setStep(1);
        }}
        onBack={() => setStep(0)}
        onFinish={() => void finish()}
      />
    </Dialog>
  );
}

/** Cancel and next on the terms, back and submit on the address, finish after success. */
function UnlockActions({
  step,
  onCancel,
  onNext,
  onBack,
  onFinish,
}: {
  step: number;
  onCancel: () => void;
  onNext: () => void;
  onBack: () => void;
  onFinish: () => void;
}) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <DialogActions>
      {step === 0 && (
        <>
          <Button onClick={onCancel}>{t('common:actions.cancel')}</Button>
          <Button variant="contained" onClick={onNext}>
            {t('common:actions.next')}
          </Button>
        </>
      )}
      {step === 1 && (
        <>
          <Button onClick={onBack}>{t('common:actions.back')}</Button>
          <Button type="submit" form="unlock-form" variant="contained">
            {t('unlock.submit')}
          </Button>
        </>
      )}
      {step === 2 && (
        <Button variant="contained" onClick={onFinish}>
          {t('unlock.finish')}
        </Button>
      )}
    </DialogActions>
  );
}

/** The first step: the price, what the edition brings, and the terms to accept. */
function UnlockTerms({
  accepted,
  termsError,
  onAccept,
}: {
  accepted: boolean;
  termsError: boolean;
  onAccept: (checked: boolean) => void;
}) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ bgcolor: '#ecfdf5', border: 1, borderColor: '#a7f3d0', borderRadius: 3, p: 3 }}>
        <Typography variant="h3" sx={{ mb: 1 }}>
          {t('unlock.priceTitle')}
        </Typography>
        <Typography
          sx={{ fontSize: '2rem', fontWeight: 800, color: 'primary.dark' }}
          data-testid="unlock-price"
        >
          {formatCents(PRICE_PER_SHIPMENT_CENTS, currentLanguage())}
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {t('unlock.perShipment')}
          </Typography>
        </Typography>
        <Typography color="text.secondary">{t('unlock.priceText')}</Typography>
      </Box>
      <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
        {(['f1', 'f2', 'f3', 'f4'] as const).map((f) => (
          <li key={f}>
            <Typography>{t(`unlock.features.${f}`)}</Typography>
          </li>
        ))}
      </Box>
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={accepted}
              onChange={(e) => onAccept(e.target.checked)}
              slotProps={{ input: { 'aria-required': true } }}
            />
          }
          label={<AcceptTermsLabel t={t} i18nKey="unlock.accept" />}
        />
        {termsError && <FormHelperText error>{t('common:validation.acceptTerms')}</FormHelperText>}
      </Box>
    </Box>
  );
}

function UnlockSuccess() {
  const { t } = useTranslation(['account', 'common']);
  return (
    <Box sx={{ textAlign: 'center', py: 4 }}>
      <CheckCircleOutline color="success" sx={{ fontSize: 72 }} />
      <Typography variant="h2" sx={{ mt: 2 }}>
        {t('unlock.successTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('unlock.successText')}
      </Typography>
    </Box>
  );
}

function UnlockAddress({
  company,
  error,
  onSubmit,
}: {
  company: Company;
  error: string | null;
  onSubmit: (v: AddressForm) => Promise<void>;
}) {
  const { control, handleSubmit } = useForm<AddressForm>({
    resolver: zodResolver(addressForm),
    defaultValues: companyToAddress(company),
  });
  return (
    <Box
      component="form"
      id="unlock-form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      sx={{ display: 'grid', gap: 2 }}
    >
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <AddressFields control={control} prefix="" />
    </Box>
  );
}
