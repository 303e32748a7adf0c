import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { AcceptTermsLabel } from '../../components/AcceptTermsLabel.tsx';
import { WizardSteps } from '../../components/WizardSteps.tsx';
import { Controller, useForm, type Control, type Resolver, type UseFormGetValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { AuthCard } from '../../components/AuthCard.tsx';
import { FormCheckbox, FormCountry, FormNewPassword, FormText } from '../../components/form.tsx';
import { PersonFields } from '../../components/PersonFields.tsx';
import { errorText } from '../../components/errors.ts';
import {
  emptyRegistration,
  registrationSteps,
  toRegistrationBody,
  type RegistrationForm,
} from './schemas.ts';

const STEPS = ['personal', 'company', 'password', 'terms'] as const;

/** The company's address fields of the company step; name and street span the row. */
const COMPANY_FIELDS = [
  { name: 'name', label: 'fields.companyName', autoComplete: 'organization', full: true },
  { name: 'street', label: 'fields.street', autoComplete: 'street-address', full: true },
  { name: 'zipcode', label: 'fields.zipcode', autoComplete: 'postal-code', full: false },
  { name: 'city', label: 'fields.city', autoComplete: 'address-level2', full: false },
] as const;
type StepName = (typeof STEPS)[number];

/** Validates only the fields of the visible step, so each step can be finished on its own. */
export function stepResolver(step: () => StepName): Resolver<RegistrationForm> {
  return (values, ctx, opts) =>
    (zodResolver(registrationSteps[step()] as never) as unknown as Resolver<RegistrationForm>)(
      values,
      ctx,
      opts,
    );
}

/** The wizard's state: the visible step, the form, and the submit that goes on or registers. */
function useRegistration() {
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [doneFor, setDoneFor] = useState<string | null>(null);
  // react-hook-form takes the options of every render, so the resolver follows the visible step.
  const resolver = useMemo(() => stepResolver(() => STEPS[active]), [active]);
  const { control, handleSubmit, formState, getValues } = useForm<RegistrationForm>({
    resolver,
    defaultValues: emptyRegistration,
  });

  // Errors show after a step was tried and clear while typing, so nothing jumps on blur.
  const submit = handleSubmit(async () => {
    // The resolver returns only the visible step's fields; the body needs all of them.
    const values = getValues();
    if (active < STEPS.length - 1) {
      setActive((a) => a + 1);
      return;
    }
    setError(null);
    try {
      await call(
        'register',
        { body: toRegistrationBody(values, currentLanguage()) },
        { ignoreSessionInvalid: true },
      );
      setDoneFor(values.email.trim());
    } catch (err) {
      setError(errorText(err));
    }
  });
  return { active, setActive, error, doneFor, control, formState, getValues, submit };
}

/** What the visitor sees once registered: look for the confirmation mail. */
function RegisterDone({ email }: { email: string }) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  return (
    <AuthCard title={t('register.doneTitle')}>
      <Box sx={{ textAlign: 'center', py: 2 }}>
        <MarkEmailReadOutlined color="primary" sx={{ fontSize: 64, mb: 2 }} />
        <Typography sx={{ mb: 1 }} data-testid="register-done">
          {t('register.doneText', { email })}
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 3 }}>
          {t('register.doneHint')}
        </Typography>
        <Button component={Link} to="/login" variant="contained">
          {t('register.toLogin')}
        </Button>
      </Box>
    </AuthCard>
  );
}

function CompanyStep({ control }: { control: Control<RegistrationForm> }) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {COMPANY_FIELDS.map(({ name, label, autoComplete, full }) => (
        <Box key={name} sx={full ? { gridColumn: '1 / -1' } : undefined}>
          <FormText
            control={control}
            name={`company.${name}`}
            label={t(label)}
            required
            autoComplete={autoComplete}
          />
        </Box>
      ))}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FormCountry control={control} name="company.country" label={t('fields.country')} required />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Controller
          control={control}
          name="isCarrier"
          render={({ field }) => (
            <FormControl>
              <FormLabel id="carrier-label">{t('fields.isCarrier')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="carrier-label"
                value={field.value ? 'yes' : 'no'}
                onChange={(e) => field.onChange(e.target.value === 'yes')}
              >
                <FormControlLabel value="yes" control={<Radio />} label={t('register.carrierYes')} />
                <FormControlLabel value="no" control={<Radio />} label={t('register.carrierNo')} />
              </RadioGroup>
            </FormControl>
          )}
        />
      </Box>
    </Box>
  );
}

/** The last step: who registers which company, and the consents. */
function TermsStep({
  control,
  getValues,
}: {
  control: Control<RegistrationForm>;
  getValues: UseFormGetValues<RegistrationForm>;
}) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ bgcolor: 'action.hover', borderRadius: 2, p: 2, mb: 1 }}>
        <Typography variant="subtitle2">{getValues('company.name')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {getValues('firstName')} {getValues('lastName')} · {getValues('email')}
        </Typography>
      </Box>
      <FormCheckbox
        control={control}
        name="acceptTerms"
        required
        label={<AcceptTermsLabel t={t} i18nKey="register.acceptTerms" />}
      />
      <FormCheckbox control={control} name="marketingConsent" label={t('register.marketing')} />
    </Box>
  );
}

export function RegisterPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const { active, setActive, error, doneFor, control, formState, getValues, submit } = useRegistration();

  if (doneFor) return <RegisterDone email={doneFor} />;

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      link={{ lead: t('register.haveAccount'), to: '/login', label: t('register.toLogin') }}
    >
      <WizardSteps
        active={active}
        labels={STEPS.map((s) => t(`register.step.${s}`))}
        sx={{ mb: 4 }}
        label={t('register.steps')}
      />
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void submit(e)}
        aria-label={t(`register.step.${STEPS[active]}`)}
      >
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
          {t('common:form.requiredHint')}
        </Typography>
        {STEPS[active] === 'personal' && (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <PersonFields control={control} self salutationRequired />
          </Box>
        )}
        {STEPS[active] === 'company' && <CompanyStep control={control} />}
        {STEPS[active] === 'password' && (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <FormNewPassword
              control={control}
              label={t('fields.password')}
              repeatLabel={t('fields.repeatPassword')}
            />
          </Box>
        )}
        {STEPS[active] === 'terms' && <TermsStep control={control} getValues={getValues} />}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4, gap: 2 }}>
          <Button disabled={active === 0} onClick={() => setActive((a) => a - 1)}>
            {t('common:actions.back')}
          </Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {active < STEPS.length - 1 ? t('common:actions.next') : t('register.submit')}
          </Button>
        </Box>
      </Box>
    </AuthCard>
  );
}
