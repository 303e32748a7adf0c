import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { OrderQuota } from './OrderQuota.tsx';
import { OrderForm } from './OrderForm.tsx';

/** A new order of the basic edition (seed 000 §2 /basic/orders/new). */
export function OrderNewPage() {
  const { t } = useTranslation('orders');
  return (
    <>
      <PageHeader
        title={t('form.newTitle')}
        subtitle={t('form.newSubtitle')}
        actions={<OrderQuota show="counter" />}
      />
      <OrderForm mode={{ kind: 'create' }} />
    </>
  );
}
