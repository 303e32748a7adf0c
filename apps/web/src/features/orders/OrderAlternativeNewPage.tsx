import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { errorText } from '../../components/errors.ts';
import { notify } from '../../components/notify.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { OrderQuota } from './OrderQuota.tsx';
import { OrderForm } from './OrderForm.tsx';
import { orderToForm } from './OrderFormModel.ts';

/**
 * A new alternative of an order (seed 000 §2 /basic/orders/alternatives/new?parentId=…): the same
 * cargo, starting from the parent's legs, saved into the parent's group.
 */
export function OrderAlternativeNewPage() {
  const { t, i18n } = useTranslation('orders');
  const { parentId = '' } = useSearch({ strict: false }) as { parentId?: string };
  const navigate = useNavigate();
  const parent = useQuery({ ...queryOptions('getOrder', { params: { id: parentId } }), enabled: !!parentId });
  // Without an order there is nothing to start from: the order list, with a hint where to begin (issue 37).
  useEffect(() => {
    if (parentId) return;
    notify(t('form.noParent'), 'info');
    void navigate({ to: '/basic/orders', replace: true });
  }, [parentId, navigate, t]);
  if (!parentId) return null;
  return (
    <>
      <PageHeader
        title={t('form.alternativeTitle')}
        subtitle={parent.data ? `${parent.data.number} · ${parent.data.client}` : undefined}
        actions={<OrderQuota show="counter" />}
      />
      {parent.isPending && <Skeleton variant="rounded" height={320} />}
      {parent.error && <Alert severity="error">{errorText(parent.error)}</Alert>}
      {parent.data && (
        <OrderForm
          key={`${parent.data.id}-${i18n.language}`}
          mode={{ kind: 'alternative', parent: parent.data }}
          initial={orderToForm(parent.data, currentLanguage())}
        />
      )}
    </>
  );
}
