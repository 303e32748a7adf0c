import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, type OrderStatus, type OrderSummary } from '@klimadesk/contract/orders/schemas';
import { call } from '../../app/client.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { ORDER_QUERY_KEYS, masterName, useMasters } from './orderQueries.ts';

/** Changes the status of an order by its own call (seed 000 §4 "status is changed by a separate call"). */
export function OrderListStatusDialog({ order, onClose }: { order: OrderSummary; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const masters = useMasters().data;
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const change = useApiMutation({
    mutate: (next: OrderStatus) =>
      call('changeOrderStatus', { params: { id: order.id }, body: { status: next } }),
    invalidate: ORDER_QUERY_KEYS,
    success: (_r, next) =>
      t('list.notify.statusChanged', {
        number: order.number,
        status: masterName(masters, 'orderStatus', next),
      }),
    onSuccess: onClose,
  });
  return (
    <FormDialog
      id="order-status"
      title={t('list.statusDialog.title', { number: order.number })}
      mutation={change}
      onSubmit={() => change.run(status)}
      onClose={onClose}
      submitDisabled={status === order.status}
      submitTestId="order-status-submit"
      maxWidth="xs"
    >
      <Typography variant="body2" color="text.secondary">
        {t('list.statusDialog.text')}
      </Typography>
      <RadioGroup
        value={status}
        onChange={(e) => setStatus(e.target.value as OrderStatus)}
        aria-label={t('common.status')}
      >
        {ORDER_STATUSES.map((s) => (
          <FormControlLabel
            key={s}
            value={s}
            control={<Radio data-testid={`order-status-${s}`} />}
            label={masterName(masters, 'orderStatus', s)}
          />
        ))}
      </RadioGroup>
    </FormDialog>
  );
}
