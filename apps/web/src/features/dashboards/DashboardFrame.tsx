import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmissionFilterBar } from '../../components/EmissionFilterBar.tsx';
import type { useEmissionFilters } from '../../components/emissionFilters.ts';
import { errorText } from '../../components/errors.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { UpgradeHint } from '../tours/UpgradeHint.tsx';

/**
 * What both dashboards share around their figures: title, the sample-data hint, the filter bar,
 * errors and the loading placeholder. The figures render once the stats are there.
 */
export function DashboardFrame<S extends { sample: boolean }>({
  kind,
  filters,
  stats,
  children,
}: {
  kind: 'tour' | 'shipment';
  filters: ReturnType<typeof useEmissionFilters>;
  stats: UseQueryResult<S>;
  children: (s: S) => ReactNode;
}) {
  const { t } = useTranslation('dashboards');
  const s = stats.data;
  return (
    <>
      <PageHeader title={t(`${kind}.title`)} subtitle={t(`${kind}.subtitle`)} />
      <UpgradeHint show={s?.sample ?? false} />
      <EmissionFilterBar filters={filters} />
      {stats.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(stats.error)}
        </Alert>
      )}
      {!s ? (
        !stats.isError && <Skeleton variant="rounded" height={360} />
      ) : (
        <Box data-testid={`${kind}-dashboard`} aria-busy={stats.isFetching}>
          {children(s)}
        </Box>
      )}
    </>
  );
}
