import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import VerticalAlignTop from '@mui/icons-material/VerticalAlignTop';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { Order, OrderLeg } from '@klimadesk/contract/orders/schemas';
import { formatNumber } from '../../components/format.ts';
import { formatCo2, formatIntensity, formatKm, formatTkm } from '../../components/units.ts';
import { masterName, type OrderMasters } from './orderQueries.ts';

/** A leg end as the user knows it: postal code and place, city, port or airport with its code. */
export function alternativesPlace(end: OrderLeg['origin']): string {
  const e = end.entered;
  const name = end.resolved?.name;
  if ('zipCode' in e) return [`${e.country}-${e.zipCode}`, e.city ?? name].filter(Boolean).join(' ');
  if ('city' in e) return `${e.city} (${e.country})`;
  if ('locode' in e) return name ? `${name} (${e.locode})` : e.locode;
  return name ? `${name} (${e.iataCode})` : e.iataCode;
}

/** The driven (sailed, flown) kilometres of an alternative: the sum of its legs. */
export const alternativesDistance = (o: Order) =>
  o.activities.reduce((km, a) => km + a.legs.reduce((s, l) => s + l.distance, 0), 0);

/** Change against the basic tour in percent (null when the basic tour has no figure to compare with). */
export function alternativesChange(value: number, basic: number): number | null {
  return basic > 0 ? ((value - basic) / basic) * 100 : null;
}

/** A signed percentage ("−12,3 %", "+4.0 %"), the figure rounded only here. */
function signedPercent(p: number, lang: Language): string {
  const sign = p > 0.05 ? '+' : p < -0.05 ? '−' : '±';
  return `${sign}${formatNumber(Math.abs(p), lang, 1)}\u00a0%`;
}

/** A signed mass against the basic tour ("−123,19 kg CO₂e"); less than the basic tour in green. */
function Difference({ value, basic, lang }: { value: number; basic: number; lang: Language }) {
  const diff = value - basic;
  const sign = diff > 0.005 ? '+' : diff < -0.005 ? '−' : '±';
  const colour = diff < -0.005 ? 'success.main' : diff > 0.005 ? 'error.main' : 'text.secondary';
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ color: colour, fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      {sign}
      {formatCo2(Math.abs(diff), lang)}
    </Typography>
  );
}

function Change({ value, basic, lang }: { value: number; basic: number; lang: Language }) {
  const p = alternativesChange(value, basic);
  if (p === null) return null;
  // Less CO2e than the basic tour is the good direction.
  const colour = p < -0.05 ? 'success.main' : p > 0.05 ? 'error.main' : 'text.secondary';
  return (
    <Typography
      component="span"
      variant="caption"
      sx={{ color: colour, fontWeight: 600, ml: 0.75, whiteSpace: 'nowrap', display: 'inline-block' }}
    >
      {signedPercent(p, lang)}
    </Typography>
  );
}

export type AlternativesCardActions = {
  promote?: () => void;
  edit?: () => void;
  remove?: () => void;
  certificate: () => void;
};

type FigureRow = { label: string; value: ReactNode; change?: ReactNode };

/** The figures of an alternative; WtW and intensity with their change against the basic tour. */
function alternativeFigures(t: TFunction, order: Order, basic: Order, lang: Language): FigureRow[] {
  const isBasic = order.position === 1;
  return [
    { label: t('alternatives.figures.distance'), value: formatKm(alternativesDistance(order), lang) },
    { label: t('common.co2Ttw'), value: formatCo2(order.co2Ttw, lang) },
    { label: t('common.co2Wtt'), value: formatCo2(order.co2Wtt, lang) },
    {
      label: t('alternatives.figures.wtw'),
      value: formatCo2(order.co2Wtw, lang),
      change: !isBasic && <Change value={order.co2Wtw} basic={basic.co2Wtw} lang={lang} />,
    },
    ...(isBasic
      ? []
      : [
          {
            label: t('alternatives.figures.difference'),
            value: <Difference value={order.co2Wtw} basic={basic.co2Wtw} lang={lang} />,
          },
        ]),
    { label: t('common.tkm'), value: formatTkm(order.tkm, lang) },
    {
      label: t('common.intensity'),
      value: formatIntensity(order.intensity, lang),
      change: !isBasic && <Change value={order.intensity} basic={basic.intensity} lang={lang} />,
    },
  ];
}

/** The alternative's legs: carriage, mode and distance, the route and how the distance was found. */
function AlternativeLegs({
  order,
  masters,
  lang,
}: {
  order: Order;
  masters: OrderMasters | undefined;
  lang: Language;
}) {
  const { t } = useTranslation(['orders', 'common']);
  return (
    <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {order.activities.flatMap((a) =>
        a.legs.map((l) => (
          <Box component="li" key={l.id} sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {masterName(masters, 'carriage', a.activity)} ·{' '}
              {masterName(masters, 'transportMode', l.transportMode)} · {formatKm(l.distance, lang)}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {alternativesPlace(l.origin)} → {alternativesPlace(l.destination)}
            </Typography>
            <Typography
              variant="caption"
              color="text.secondary"
              component="div"
              data-testid="alternatives-distance-method"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {t('alternatives.distanceMethod', { method: l.distanceMethodText })}
            </Typography>
          </Box>
        )),
      )}
    </Box>
  );
}

function FigureList({ rows }: { rows: FigureRow[] }) {
  return (
    <Box
      component="dl"
      // Values keep their line; long labels wrap instead.
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 2, rowGap: 0.5 }}
    >
      {rows.map(({ label, value, change }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, textAlign: 'right', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
          >
            {value}
            {change}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Promote to basic tour, and certificate, edit and delete, each named after the card (`title`). */
function AlternativeActions({ actions, title }: { actions: AlternativesCardActions; title: string }) {
  const { t } = useTranslation(['orders', 'common']);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap', mt: 'auto' }}>
      {actions.promote && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<VerticalAlignTop />}
          onClick={actions.promote}
          data-testid="alternatives-promote"
          sx={{ mr: 'auto' }}
        >
          {t('alternatives.actions.promote')}
        </Button>
      )}
      <Box sx={{ ml: 'auto', display: 'flex', gap: 0.5 }}>
        {(
          [
            ['certificate', t('alternatives.actions.certificate'), actions.certificate, PictureAsPdfOutlined],
            ['edit', t('common:actions.edit'), actions.edit, EditOutlined],
            ['delete', t('common:actions.delete'), actions.remove, DeleteOutline],
          ] as const
        ).map(
          ([key, label, onClick, Icon]) =>
            onClick && (
              <Tooltip key={key} title={label}>
                <IconButton
                  size="small"
                  aria-label={t(`alternatives.actions.${key}Aria`, { title })}
                  onClick={onClick}
                  data-testid={`alternatives-${key}`}
                >
                  <Icon fontSize="small" />
                </IconButton>
              </Tooltip>
            ),
        )}
      </Box>
    </Box>
  );
}

/**
 * One alternative of the comparison: its legs with modes and distances, the figures (TTW, WTT, WTW,
 * tkm, intensity) and their change against the basic tour, and its actions.
 */
export function AlternativesCard({
  order,
  basic,
  masters,
  lang,
  actions,
}: {
  order: Order;
  basic: Order;
  masters: OrderMasters | undefined;
  lang: Language;
  actions: AlternativesCardActions;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const isBasic = order.position === 1;
  const title = isBasic
    ? t('alternatives.basicTour')
    : t('alternatives.alternative', { position: order.position });
  return (
    <Box
      component="section"
      aria-label={title}
      data-testid="alternatives-card"
      data-position={order.position}
      sx={{
        bgcolor: 'background.paper',
        border: isBasic ? 2 : 1,
        borderColor: isBasic ? 'primary.main' : 'divider',
        borderRadius: 3,
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h2" sx={{ mr: 'auto' }}>
          {title}
        </Typography>
        {order.isAutoAlternative && (
          <Chip size="small" color="secondary" variant="outlined" label={t('alternatives.suggestion')} />
        )}
        {isBasic && <Chip size="small" color="primary" label={t('alternatives.basicTourChip')} />}
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }} data-testid="alternatives-modes">
        {order.modes.map((m, i) => (
          <Chip key={i} size="small" label={masterName(masters, 'transportMode', m)} />
        ))}
      </Box>
      <AlternativeLegs order={order} masters={masters} lang={lang} />
      <FigureList rows={alternativeFigures(t, order, basic, lang)} />
      <AlternativeActions actions={actions} title={title} />
    </Box>
  );
}
