import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FACTOR_REGIONS, type Company, type FactorRegion } from '@klimadesk/contract/platform/schemas';
import { call, queryKeyOf, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { canUnlock } from '../../app/dialogs/eligibility.ts';
import { FormSelect, FormText, SaveRow } from '../../components/form.tsx';
import { formatDateTime } from '../../components/format.ts';
import { notifyError } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { PageColumns, PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { AddressFields } from './AddressFields.tsx';
import { CompanyLogoCard } from './CompanyLogoCard.tsx';
import { UnlockWizard } from './UnlockWizard.tsx';
import { companyForm, companyToAddress, toAddressBody, type CompanyForm } from './companySchemas.ts';

export function CompanyPage() {
  const { t } = useTranslation(['account', 'common']);
  const me = useMe();
  const [unlockOpen, setUnlockOpen] = useState(false);
  const { data: company } = useQuery({
    ...queryOptions('getCompany', { params: { id: me.company.id } }),
  });
  return (
    <>
      <PageHeader
        title={t('company.title')}
        subtitle={t('company.subtitle')}
        actions={
          canUnlock(me) ? (
            <Button
              variant="contained"
              color="secondary"
              startIcon={<WorkspacePremiumOutlined />}
              onClick={() => setUnlockOpen(true)}
              data-testid="open-unlock"
            >
              {t('app:upgrade.button')}
            </Button>
          ) : undefined
        }
      />
      {!company ? (
        <Skeleton variant="rounded" height={420} />
      ) : (
        <PageColumns columns="3fr 1fr">
          <Box sx={{ display: 'grid', gap: 3 }}>
            <CompanyEditor company={company} />
            <CompanyLogoCard company={company} />
            <FactorRegionsCard company={company} />
          </Box>
          <CompanyFacts company={company} />
        </PageColumns>
      )}
      {unlockOpen && <UnlockWizard companyId={me.company.id} onClose={() => setUnlockOpen(false)} />}
    </>
  );
}

function CompanyEditor({ company }: { company: Company }) {
  const { t } = useTranslation(['account', 'common', 'auth']);
  const qc = useQueryClient();
  const toForm = (c: Company): CompanyForm => ({
    address: companyToAddress(c),
    phone1: c.phone1 ?? '',
    telefax: c.telefax ?? '',
    email: c.email ?? '',
    communicationLanguage: c.communicationLanguage,
  });
  const { control, handleSubmit, formState, reset } = useForm<CompanyForm>({
    resolver: zodResolver(companyForm),
    defaultValues: toForm(company),
  });
  const save = handleSubmit(async (v) => {
    try {
      const next = await call('updateCompany', {
        params: { id: company.id },
        body: {
          ...toAddressBody(v.address),
          phone1: v.phone1.trim() || null,
          telefax: v.telefax.trim() || null,
          email: v.email.trim() || null,
          communicationLanguage: v.communicationLanguage,
        },
      });
      qc.setQueryData(queryKeyOf('getCompany', { params: { id: company.id } }), next);
      reset(toForm(next));
      notify(t('common:notify.saved'), 'success', { log: true });
    } catch (err) {
      notifyError(err, { log: true });
    }
  });
  return (
    <SectionCard title={t('company.data')} description={t('common:form.requiredHint')}>
      <Box component="form" noValidate onSubmit={save} sx={{ display: 'grid', gap: 2 }}>
        <AddressFields control={control} prefix="address" />
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          {t('company.contact')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormText control={control} name="phone1" label={t('auth:fields.phone')} />
          <FormText control={control} name="telefax" label={t('company.telefax')} />
          <FormText control={control} name="email" label={t('auth:fields.email')} type="email" />
          <FormSelect
            control={control}
            name="communicationLanguage"
            label={t('company.communicationLanguage')}
            options={[
              { value: 'de', label: t('common:language.de') },
              { value: 'en', label: t('common:language.en') },
            ]}
          />
        </Box>
        <SaveRow formState={formState} />
      </Box>
    </SectionCard>
  );
}

/** Regions of emission factors beyond Europe whose vehicle types the company sees (saved at once). */
function FactorRegionsCard({ company }: { company: Company }) {
  const { t } = useTranslation(['account', 'common']);
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const toggle = async (region: FactorRegion, on: boolean) => {
    const next = FACTOR_REGIONS.filter((r) => (r === region ? on : company.factorRegions.includes(r)));
    setBusy(true);
    try {
      const saved = await call('updateCompany', {
        params: { id: company.id },
        body: { factorRegions: next },
      });
      qc.setQueryData(queryKeyOf('getCompany', { params: { id: company.id } }), saved);
      await qc.invalidateQueries({ queryKey: ['glecVehicleTypes'] });
      notify(t('common:notify.saved'), 'success', { log: true });
    } catch (err) {
      notifyError(err, { log: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <SectionCard
      title={t('company.factorRegions.title')}
      description={t('company.factorRegions.description')}
    >
      <FormGroup data-testid="factor-regions">
        {FACTOR_REGIONS.map((r) => (
          <FormControlLabel
            key={r}
            control={
              <Checkbox
                checked={company.factorRegions.includes(r)}
                disabled={busy}
                onChange={(e) => void toggle(r, e.target.checked)}
              />
            }
            label={t(`company.factorRegions.${r}`)}
          />
        ))}
      </FormGroup>
    </SectionCard>
  );
}

function CompanyFacts({ company }: { company: Company }) {
  const { t } = useTranslation(['account', 'common']);
  const lang = currentLanguage();
  const row = (label: string, value: React.ReactNode) => (
    <Box sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box>{value}</Box>
    </Box>
  );
  return (
    <SectionCard title={t('company.facts')}>
      {row(t('company.customerNr'), <Typography sx={{ fontWeight: 650 }}>{company.customerNr}</Typography>)}
      {row(
        t('company.edition'),
        company.isBasic && !company.unlocked ? (
          <Chip size="small" label="Basic" />
        ) : (
          <Chip size="small" color="primary" label="Professional" />
        ),
      )}
      {company.unlockedAt && row(t('company.unlockedAt'), formatDateTime(company.unlockedAt, lang))}
      {row(
        t('company.modules'),
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
          {company.modules.map((m) => (
            <Chip key={m} size="small" variant="outlined" label={t(`common:module.${m}`)} />
          ))}
        </Box>,
      )}
      {row(
        t('company.admins'),
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {company.adminUsers.map((a) => (
            <li key={a.id}>
              <Typography variant="body2">
                {a.name} · {a.email}
              </Typography>
            </li>
          ))}
        </Box>,
      )}
      {row(t('company.createdAt'), formatDateTime(company.createdAt, lang))}
    </SectionCard>
  );
}
