import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { call, can, queryKeyOf } from '../../app/client.ts';
import { useMe } from '../../app/useMe.ts';
import { useConfirmedWrite } from '../../components/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/format.ts';
import { formatCo2 } from '../../components/units.ts';
import type { ShipmentDetail } from './toursApi.ts';

type Leg = ShipmentDetail['legs'][number];
type Vars = { footprintId: string; tourId: string | null };

// Everything that shows the leg's figure is read again after a restatement.
const KEYS = (['getShipment', 'shipments', 'tours', 'partnerFootprints'] as const).map((id) =>
  queryKeyOf(id),
);

/** The two writes of the leg's primary data, each with its confirmation (a logged restatement). */
function usePrimaryDataWrites(leg: Leg, lang: Language) {
  const { t } = useTranslation('tours');
  const current = formatCo2(leg.emissions.individual?.wtw, lang);
  const write = (vars: Vars) =>
    call('applyPartnerFootprint', { params: { id: vars.footprintId }, body: { tourId: vars.tourId } });
  const remove = useConfirmedWrite<Vars>({
    mutate: write,
    invalidate: KEYS,
    success: t('primaryData.removed'),
    confirm: () => ({
      title: t('primaryData.removeTitle'),
      text: t('primaryData.removeText', { tour: leg.tourReference, current }),
      confirmLabel: t('primaryData.remove'),
    }),
  });
  const accept = useConfirmedWrite<Vars>({
    mutate: write,
    invalidate: KEYS,
    success: t('primaryData.accepted'),
    confirm: () => ({
      title: t('primaryData.acceptTitle'),
      text: t('primaryData.acceptText', {
        tour: leg.tourReference,
        current,
        co2: formatCo2(leg.primaryData?.newer?.co2eWtwKg, lang),
      }),
      confirmLabel: t('primaryData.accept'),
      danger: false,
    }),
  });
  return { remove, accept, current };
}

/** A notice with its action beside it, on a phone beneath it, so the text keeps the width. */
function Notice({
  severity,
  action,
  children,
}: {
  severity: 'info' | 'warning';
  action?: { label: string; testId: string; run: () => void } | false;
  children: ReactNode;
}) {
  return (
    <Alert
      severity={severity}
      sx={{
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-action': {
          width: { xs: '100%', sm: 'auto' },
          ml: { xs: 4.5, sm: 'auto' },
          pl: { xs: 0, sm: 2 },
          pt: { xs: 0, sm: 0.5 },
        },
      }}
      action={
        action && (
          <Button
            color="inherit"
            size="small"
            onClick={action.run}
            data-testid={action.testId}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {action.label}
          </Button>
        )
      }
    >
      {children}
    </Alert>
  );
}

/**
 * A partner's footprint in use on a leg (decision 0018): which one, since when, and the actions of
 * a freight admin: accept a newer version the partner published (a logged restatement, as the
 * first use was) or stop using it, which brings the figures from before back. Both ask first.
 */
export function LegPrimaryData({ leg, lang }: { leg: Leg; lang: Language }) {
  const { t } = useTranslation('tours');
  const me = useMe();
  const p = leg.primaryData;
  const canWrite = can(me, 'applyPartnerFootprint');
  const { remove, accept, current } = usePrimaryDataWrites(leg, lang);
  if (!p) return null;
  const newer = p.newer;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 3 }} data-testid="leg-primary-data">
      <Notice
        severity="info"
        action={
          canWrite && {
            label: t('primaryData.remove'),
            testId: 'primary-data-remove',
            run: () => remove.ask({ footprintId: p.partnerFootprintId, tourId: null }),
          }
        }
      >
        {t('primaryData.applied', {
          partner: p.partnerName,
          footprintId: p.footprintId,
          version: p.version,
          date: formatDateTime(p.appliedAt, lang),
        })}
      </Notice>
      {newer && (
        <Notice
          severity="warning"
          action={
            canWrite && {
              label: t('primaryData.accept'),
              testId: 'primary-data-accept',
              run: () => accept.ask({ footprintId: newer.partnerFootprintId, tourId: leg.tourId }),
            }
          }
        >
          {newer.footprintId === p.footprintId
            ? t('primaryData.newerVersion', {
                version: newer.version,
                co2: formatCo2(newer.co2eWtwKg, lang),
                current,
              })
            : t('primaryData.newerFootprint', {
                footprintId: newer.footprintId,
                co2: formatCo2(newer.co2eWtwKg, lang),
                current,
              })}
        </Notice>
      )}
      {p.deprecated && !newer && <Notice severity="warning">{t('primaryData.deprecated')}</Notice>}
      {remove.dialog}
      {accept.dialog}
    </Box>
  );
}
