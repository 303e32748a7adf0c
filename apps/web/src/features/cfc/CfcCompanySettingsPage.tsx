import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { formatDay } from '../../components/units.ts';
import { PageHeader, SectionCard } from '../../components/PageHeader.tsx';

/**
 * `/cfc/company-settings` (seed 001 §3 company settings): the company's carbon footprint settings
 * at a glance (base year, sections, business units) and the CFC bookings with their limits.
 */
export function CfcCompanySettingsPage() {
  const { t } = useTranslation(['cfc', 'common']);
  const settings = useQuery(queryOptions('cfcCompanySettings'));
  const sections = useQuery(queryOptions('cfcSections'));
  const s = settings.data;
  const names = new Map((sections.data?.['hydra:member'] ?? []).map((x) => [x.id, x.name]));
  const row = (label: string, value: ReactNode) => (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ width: 260, color: 'text.secondary' }}>
        {label}
      </TableCell>
      <TableCell>{value}</TableCell>
    </TableRow>
  );
  return (
    <>
      <PageHeader
        title={t('companySettings.title')}
        subtitle={t('companySettings.subtitle')}
        actions={
          <Button component={Link} to="/cfc/settings" variant="outlined">
            {t('companySettings.change')}
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 3, maxWidth: 1000 }}>
        <SectionCard title={t('companySettings.settings')}>
          {!s ? (
            <Skeleton height={160} />
          ) : (
            <Table size="small" data-testid="cfc-company-settings">
              <TableBody>
                {row(t('companySettings.baseYear'), s.baseYear ?? t('companySettings.notSet'))}
                {row(
                  t('companySettings.hasUnits'),
                  s.hasBusinessUnits ? t('companySettings.yes') : t('companySettings.no'),
                )}
                {row(
                  t('companySettings.tariff'),
                  s.isPaid ? t('companySettings.paid') : t('companySettings.free'),
                )}
                {row(
                  t('companySettings.sections'),
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    {s.activeSections.map((id) => (
                      <Chip key={id} size="small" variant="outlined" label={names.get(id) ?? id} />
                    ))}
                  </Box>,
                )}
              </TableBody>
            </Table>
          )}
        </SectionCard>
        <BookingsCard />
      </Box>
    </>
  );
}

/** The running CFC bookings with their business unit limits and periods. */
function BookingsCard() {
  const { t } = useTranslation(['cfc', 'common']);
  const lang = currentLanguage();
  const tariffs = useQuery(queryOptions('cfcActiveTariffs'));
  return (
    <SectionCard title={t('companySettings.bookings')}>
      {(tariffs.data?.['hydra:member'] ?? []).length === 0 ? (
        <Typography color="text.secondary">{t('companySettings.noBookings')}</Typography>
      ) : (
        <Table size="small">
          <TableBody>
            {tariffs.data?.['hydra:member'].map((b) => (
              <TableRow key={b.id}>
                <TableCell sx={{ fontWeight: 600 }}>{b.name}</TableCell>
                <TableCell>{b.isPaid ? t('companySettings.paid') : t('companySettings.free')}</TableCell>
                <TableCell>
                  {b.businessUnitsLimit === null
                    ? t('companySettings.noLimit')
                    : t('companySettings.limit', { count: b.businessUnitsLimit })}
                </TableCell>
                <TableCell>
                  {formatDay(b.beginDate, lang)} –{' '}
                  {b.endDate ? formatDay(b.endDate, lang) : t('companySettings.open')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}
