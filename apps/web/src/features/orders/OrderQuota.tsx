import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../app/i18n.ts';
import { formatCount, formatMonth } from '../../components/units.ts';
import { useOrderQuota } from './orderQueries.ts';

/**
 * The basic edition's monthly order counter ("12 of 50 orders this month", seed 000 §9) and, once
 * the free amount is used, the message that no order can be created until the next month.
 * `counter` shows only the counter (a header); `reached` only the message (a form above its save).
 */
export function OrderQuota({ show = 'both' }: { show?: 'both' | 'counter' | 'reached' }) {
  const { t } = useTranslation('orders');
  const lang = currentLanguage();
  const { data, reached } = useOrderQuota();
  if (!data) return null;
  const used = formatCount(data.used, lang);
  const month = formatMonth(data.month, lang);
  const counter = show !== 'reached' && (
    <Box data-testid="order-quota" sx={{ minWidth: 180 }}>
      <Typography variant="body2" color={reached ? 'error' : 'text.secondary'}>
        {data.limit === null
          ? t('quota.unlimited', { used })
          : t('quota.counter', { used, limit: formatCount(data.limit, lang) })}
      </Typography>
      {data.limit !== null && data.limit > 0 && (
        <LinearProgress
          variant="determinate"
          aria-label={t('quota.progress', { month })}
          value={Math.min(100, (data.used / data.limit) * 100)}
          color={reached ? 'error' : 'primary'}
          sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
        />
      )}
    </Box>
  );
  const message = show !== 'counter' && reached && (
    <Alert severity="warning" data-testid="order-quota-reached" sx={{ mb: 2 }}>
      {t('quota.reached', { limit: formatCount(data.limit, lang), month })}
    </Alert>
  );
  if (show !== 'both') return counter || message || null;
  return (
    <Box>
      {message}
      {counter}
    </Box>
  );
}
