import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { errorText } from '../../components/errors.ts';
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
  const parent = useQuery({ ...queryOptions('getOrder', { params: { id: parentId } }), enabled: !!parentId });
  return (
    <>
      <PageHeader
        title={t('form.alternativeTitle')}
        subtitle={parent.data ? `${parent.data.number} · ${parent.data.client}` : undefined}
        actions={<OrderQuota show="counter" />}
      />
      {!parentId && <Alert severity="error">{t('form.noParent')}</Alert>}
      {parentId && parent.isPending && <Skeleton variant="rounded" height={320} />}
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
