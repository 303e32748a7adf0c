import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProviderAccess } from '@klimadesk/contract/emission-db/schemas';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { formatNumber } from '../../components/format.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { FACTOR_KEYS } from './emissionDb.ts';

type CompanyChoice = { id: string; name: string };

/**
 * Provider access (seed 002 §2 provider-access): which providers' public factors a company may use
 * for its carbon footprint, set by the platform admin per company. Its own factors it always sees.
 */
export function ProviderAccessPage() {
  const { t } = useTranslation(['emissionDb', 'common']);
  const [company, setCompany] = useState<CompanyChoice | null>(null);
  const companies = useQuery({
    ...queryOptions('companies', { query: { pagination: 'false', 'order[name]': 'asc' } }),
    select: (d) => d['hydra:member'].map((c) => ({ id: c.id, name: c.name })),
  });
  const access = useQuery({
    ...queryOptions('providerAccess', { params: { companyId: company?.id ?? '' } }),
    enabled: !!company,
  });
  return (
    <>
      <PageHeader title={t('providerAccess.title')} subtitle={t('providerAccess.subtitle')} />
      <Box sx={{ display: 'grid', gap: 3, maxWidth: 760, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Autocomplete
          options={companies.data ?? []}
          value={company}
          onChange={(_e, v) => setCompany(v)}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          autoHighlight
          loading={companies.isFetching}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('providerAccess.company')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'provider-access-company' },
              }}
            />
          )}
        />
        {!company ? (
          <Typography color="text.secondary">{t('providerAccess.chooseCompany')}</Typography>
        ) : !access.data ? (
          <Skeleton variant="rounded" height={200} />
        ) : (
          <AccessEditor
            key={`${company.id}-${access.dataUpdatedAt}`}
            company={company}
            access={access.data}
          />
        )}
      </Box>
    </>
  );
}

function AccessEditor({ company, access }: { company: CompanyChoice; access: ProviderAccess }) {
  const { t } = useTranslation(['emissionDb', 'common']);
  const lang = currentLanguage();
  const [allowed, setAllowed] = useState(
    () => new Set(access.providers.filter((p) => p.allowed).map((p) => p.id)),
  );
  const providers = useQuery({ ...queryOptions('emissionProviders'), select: (d) => d['hydra:member'] });
  const countOf = (id: string) => providers.data?.find((p) => p.id === id)?.factorCount;
  const save = useApiMutation({
    mutate: (ids: string[]) =>
      call('setProviderAccess', { params: { companyId: company.id }, body: { allowedProviderIds: ids } }),
    invalidate: [['providerAccess'], ...FACTOR_KEYS],
    success: () => t('providerAccess.saved', { company: company.name }),
  });
  const dirty =
    allowed.size !== access.providers.filter((p) => p.allowed).length ||
    access.providers.some((p) => p.allowed !== allowed.has(p.id));
  const toggle = (id: string, on: boolean) =>
    setAllowed((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <SectionCard
      title={t('providerAccess.providers')}
      description={t('providerAccess.allowedCount', {
        allowed: allowed.size,
        total: access.providers.length,
      })}
    >
      {access.providers.length === 0 ? (
        <Typography color="text.secondary">{t('providerAccess.noProviders')}</Typography>
      ) : (
        <FormGroup data-testid="provider-access-list">
          {access.providers.map((p) => {
            const count = countOf(p.id);
            return (
              <FormControlLabel
                key={p.id}
                control={
                  <Checkbox checked={allowed.has(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
                }
                label={
                  <>
                    {p.name}
                    {count !== undefined && (
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                        {t('providerAccess.factorCount', { count, n: formatNumber(count, lang, 0) })}
                      </Typography>
                    )}
                  </>
                }
              />
            );
          })}
        </FormGroup>
      )}
      {save.error && (
        <Typography color="error" role="alert" sx={{ mt: 1 }}>
          {save.error}
        </Typography>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          variant="contained"
          disabled={!dirty || save.busy}
          onClick={() => void save.run([...allowed])}
          data-testid="provider-access-save"
        >
          {t('common:actions.save')}
        </Button>
      </Box>
    </SectionCard>
  );
}
