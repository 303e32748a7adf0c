import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import BusinessCenterOutlined from '@mui/icons-material/BusinessCenterOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FactoryOutlined from '@mui/icons-material/FactoryOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '../../app/client.ts';
import { LinkCard, type LinkTileProps } from '../../components/LinkCard.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

/** `/cfc/settings` (seed 001 §2): base year, business units, scopes and categories, company settings. */
export function CfcSettingsPage() {
  const { t } = useTranslation('cfc');
  const settings = useQuery(queryOptions('cfcCompanySettings'));
  const units = useQuery(queryOptions('cfcBusinessUnits'));
  const s = settings.data;
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 1100 }}
      >
        <HubCard
          to="/cfc/settings/base-year"
          icon={<EventOutlined />}
          title={t('settings.baseYear')}
          testId="cfc-settings-base-year"
        >
          {s?.baseYear ? t('settings.baseYearIs', { year: s.baseYear }) : t('settings.baseYearMissing')}
        </HubCard>
        <HubCard
          to="/cfc/settings/business-units"
          icon={<FactoryOutlined />}
          title={t('settings.units')}
          testId="cfc-settings-units"
        >
          {t('settings.unitsCount', { count: units.data?.['hydra:totalItems'] ?? 0 })}
        </HubCard>
        <HubCard
          to="/cfc/settings/scope"
          icon={<AccountTreeOutlined />}
          title={t('settings.scope')}
          testId="cfc-settings-scope"
        >
          {t('settings.scopeCount', { count: s?.activeSections.length ?? 0 })}
          {s && !s.isPaid ? ` · ${t('home.freeTariff')}` : ''}
        </HubCard>
        <HubCard
          to="/cfc/company-settings"
          icon={<BusinessCenterOutlined />}
          title={t('settings.company')}
          testId="cfc-settings-company"
        >
          {t('settings.companyText')}
        </HubCard>
      </Box>
    </>
  );
}

function HubCard({ to, icon, title, testId, children }: LinkTileProps) {
  return (
    <LinkCard
      to={to}
      testId={testId}
      rounded
      contentSx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}
    >
      <Box sx={{ color: 'primary.main', mt: 0.25 }}>{icon}</Box>
      <Box>
        <Typography variant="h3" component="h2" sx={{ mb: 0.5 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{children}</Typography>
      </Box>
    </LinkCard>
  );
}
