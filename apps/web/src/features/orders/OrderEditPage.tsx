import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { errorText } from '../../components/errors.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { OrderForm } from './OrderForm.tsx';
import { orderToForm } from './OrderFormModel.ts';

/** Changes an order and its legs (seed 000 §2 /basic/orders/edit/{id}); the status has its own call. */
export function OrderEditPage() {
  const { t, i18n } = useTranslation('orders');
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const order = useQuery({ ...queryOptions('getOrder', { params: { id } }), staleTime: 0 });
  return (
    <>
      <PageHeader
        title={order.data ? t('form.editTitle', { number: order.data.number }) : t('form.editTitleLoading')}
        subtitle={order.data?.client}
      />
      {order.isPending && <Skeleton variant="rounded" height={320} />}
      {order.error && <Alert severity="error">{errorText(order.error)}</Alert>}
      {order.data && (
        // Keyed by language: the typed numbers follow the decimal separator of the language.
        <OrderForm
          key={`${order.data.id}-${i18n.language}`}
          mode={{ kind: 'edit', order: order.data }}
          initial={orderToForm(order.data, currentLanguage())}
        />
      )}
    </>
  );
}
