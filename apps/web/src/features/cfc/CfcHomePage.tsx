import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import FactoryOutlined from '@mui/icons-material/FactoryOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import type { CfcCompanySettings, CfcReport } from '@klimadesk/contract/cfc/schemas';
import { isPathAllowed } from '@klimadesk/contract/platform/web-routes';
import { LinkCard, LinkCardHeading, type LinkTileProps } from '../../components/LinkCard.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ModuleWelcome } from '../help/ModuleWelcome.tsx';
import { RESULTS_SECTION, editPath } from './sectionNav.ts';

/**
 * `/cfc/home` (seed 001 §2): tiles for the business units with their reports per year, the
 * settings and the latest results, and the way back to the last edited section.
 */
export function CfcHomePage() {
  const { t } = useTranslation(['cfc', 'common']);
  const me = useMe();
  const settings = useQuery(queryOptions('cfcCompanySettings'));
  const units = useQuery(queryOptions('cfcBusinessUnits'));
  const reports = useQuery(queryOptions('cfcReports', { query: { limit: 100 } }));
  const list = reports.data?.['hydra:member'] ?? [];
  const latest = [...list].sort((a, b) => b.year - a.year || b.createdAt.localeCompare(a.createdAt))[0];
  const years = [...new Set(list.map((r) => r.year))].sort((a, b) => b - a);
  const last = settings.data?.lastEditedSection;
  const canSettings = isPathAllowed('/cfc/settings', me.routes);

  return (
    <>
      <PageHeader
        title={t('home.title')}
        subtitle={t('home.subtitle')}
        actions={
          last ? (
            <Button
              variant="contained"
              startIcon={<PlayArrowOutlined />}
              component={Link}
              to={editPath(last.businessUnitUrlId, last.year, last.section)}
              data-testid="cfc-resume"
            >
              {t('home.resume', { year: last.year })}
            </Button>
          ) : undefined
        }
      />
      <ModuleWelcome module="cfc" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <Tile
          to="/cfc/business-units/list"
          icon={<FactoryOutlined />}
          title={t('home.reportsTile')}
          testId="cfc-tile-reports"
        >
          {units.isPending || reports.isPending ? (
            <Skeleton height={48} />
          ) : (
            <>
              <Typography color="text.secondary">
                {t('home.unitsCount', { count: units.data?.['hydra:totalItems'] ?? 0 })} ·{' '}
                {t('home.reportsCount', { count: reports.data?.['hydra:totalItems'] ?? 0 })}
              </Typography>
              <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 1.5 }}>
                {years.slice(0, 6).map((y) => (
                  <Chip
                    key={y}
                    size="small"
                    label={`${y}: ${list.filter((r) => r.year === y).length}`}
                    variant="outlined"
                  />
                ))}
              </Box>
            </>
          )}
        </Tile>
        {canSettings && <SettingsTile settings={settings.data} />}
        <ResultsTile latest={latest} />
      </Box>
    </>
  );
}

function Tile({ to, icon, title, testId, children }: LinkTileProps) {
  return (
    <LinkCard to={to} testId={testId} rounded>
      <LinkCardHeading icon={icon} title={title} sx={{ mb: 1.5 }} />
      {children}
    </LinkCard>
  );
}

function SettingsTile({ settings }: { settings: CfcCompanySettings | undefined }) {
  const { t } = useTranslation(['cfc', 'common']);
  return (
    <Tile
      to="/cfc/settings"
      icon={<SettingsOutlined />}
      title={t('home.settingsTile')}
      testId="cfc-tile-settings"
    >
      <Typography color="text.secondary">
        {settings?.baseYear ? t('home.baseYear', { year: settings.baseYear }) : t('home.noBaseYear')}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
        {t('home.sectionsActive', { count: settings?.activeSections.length ?? 0 })}
        {settings && !settings.isPaid ? ` · ${t('home.freeTariff')}` : ''}
      </Typography>
    </Tile>
  );
}

/** The latest report (newest year, then newest created) with its entry count, or the way to the units. */
function ResultsTile({ latest }: { latest: CfcReport | undefined }) {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  return (
    <Tile
      to={
        latest
          ? editPath(latest.businessUnit.urlId, latest.year, RESULTS_SECTION)
          : '/cfc/business-units/list'
      }
      icon={<InsightsOutlined />}
      title={t('home.resultsTile')}
      testId="cfc-tile-results"
    >
      <Typography color="text.secondary">
        {latest
          ? t('home.latestReport', { unit: latest.businessUnit.name, year: latest.year })
          : t('home.noReports')}
      </Typography>
      {latest && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('home.entries', { count: latest.entryCount, n: latest.entryCount.toLocaleString(lang) })}
        </Typography>
      )}
    </Tile>
  );
}
