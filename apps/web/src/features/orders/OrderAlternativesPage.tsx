import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import type { Order } from '@klimadesk/contract/orders/schemas';
import { type Answer, call, callFile, can, queryOptions, type RouteId } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { useMe } from '../../app/useMe.ts';
import { useConfirmedWrite } from '../../components/ConfirmDialog.tsx';
import { errorText, notifyError } from '../../components/errors.ts';
import { saveBlob } from '../../components/files.ts';
import { formatNumber } from '../../components/format.ts';
import { notify } from '../../components/notify.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RouterLink } from '../../components/RouterLink.tsx';
import { formatDay } from '../../components/units.ts';
import { type ApiMutation, useApiMutation } from '../../components/useApiMutation.ts';
import { AlternativesCard } from './AlternativesCard.tsx';
import { AlternativesChart } from './AlternativesChart.tsx';
import {
  ORDER_QUERY_KEYS,
  type OrderMasters,
  masterName,
  useMasters,
  useOrderQuota,
} from './orderQueries.ts';

type AutoResult = Answer<'autoAlternatives'>;

/** A write on alternatives changes the group, the list, the figures (basic tours) and the quota. */
const ALTERNATIVE_QUERY_KEYS: readonly (readonly [RouteId])[] = [['orderAlternatives'], ...ORDER_QUERY_KEYS];

async function downloadCertificate(order: Order): Promise<void> {
  const { blob, fileName } = await callFile('orderCertificate', { params: { id: order.id } });
  saveBlob(blob, fileName ?? `certificate-${order.number}.pdf`.replace(/[^\w.-]+/g, '_'));
}

type Rights = {
  canCreate: boolean;
  canGenerate: boolean;
  canPromote: boolean;
  canEdit: boolean;
  canDelete: boolean;
};

/** The generated suggestions (autoAlternatives) and the last run's answer, whose skipped routings show. */
function useGenerate(id: string) {
  const { t } = useTranslation(['orders', 'common']);
  const [lastRun, setLastRun] = useState<AutoResult | null>(null);
  const generate = useApiMutation({
    mutate: () => call('autoAlternatives', { params: { id } }),
    invalidate: ALTERNATIVE_QUERY_KEYS,
    success: (r) =>
      r.created.length
        ? t('alternatives.notify.generated', { count: r.created.length })
        : { message: t('alternatives.notify.noneGenerated'), severity: 'info' },
    onSuccess: (r) => setLastRun(r),
  });
  return { generate, lastRun, setLastRun };
}

/** Promote an alternative to the basic tour, and delete one, each after a confirmation. */
function useAlternativeWrites(id: string, orders: readonly Order[] | undefined) {
  const { t } = useTranslation(['orders', 'common']);
  const navigate = useNavigate();
  const promote = useConfirmedWrite<Order>({
    mutate: (o) => call('promoteOrder', { params: { id: o.id } }),
    invalidate: ALTERNATIVE_QUERY_KEYS,
    success: (_r, o) => t('alternatives.notify.promoted', { position: o.position }),
    confirm: (o) => ({
      title: t('alternatives.promoteDialog.title'),
      text: t('alternatives.promoteDialog.text', { position: o.position }),
      confirmLabel: t('alternatives.actions.promote'),
      danger: false,
    }),
  });
  const remove = useConfirmedWrite<Order>({
    mutate: (o) => call('deleteOrder', { params: { id: o.id } }),
    invalidate: ALTERNATIVE_QUERY_KEYS,
    success: (_r, o) =>
      o.position === 1
        ? t('alternatives.notify.deletedBasic')
        : t('alternatives.notify.deleted', { position: o.position }),
    confirm: (o) => ({
      title: t('alternatives.deleteDialog.title'),
      text:
        o.position === 1
          ? t('alternatives.deleteDialog.textBasic')
          : t('alternatives.deleteDialog.text', { position: o.position }),
      confirmLabel: t('common:actions.delete'),
    }),
    // The page is named by an order id: when that order goes, follow the group (or go back to the list).
    onSuccess: (_r, o) => {
      if (o.id !== id) return;
      const next = orders?.find((x) => x.id !== o.id);
      void navigate(
        next ? { to: '/basic/orders/$id/alternatives', params: { id: next.id } } : { to: '/basic/orders' },
      );
    },
  });
  return { promote, remove };
}

function BackLink() {
  const { t } = useTranslation('orders');
  return (
    <RouterLink to="/basic/orders" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
      <ArrowBack fontSize="small" />
      {t('alternatives.back')}
    </RouterLink>
  );
}

/** Generate suggestions, and a new alternative (a new order of the month, seed 000 §9 quota). */
function AlternativesHeaderActions({
  rights,
  generate,
  quotaReached,
  basicId,
}: {
  rights: Rights;
  generate: ApiMutation;
  quotaReached: boolean;
  basicId: string;
}) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  return (
    <>
      {rights.canGenerate && (
        <Button
          variant="outlined"
          startIcon={<AutoAwesomeOutlined />}
          onClick={() => void generate.run()}
          disabled={generate.busy}
          data-testid="alternatives-generate"
        >
          {generate.busy ? t('alternatives.actions.generating') : t('alternatives.actions.generate')}
        </Button>
      )}
      {rights.canCreate && (
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          // A new alternative is a new order of the month (seed 000 §9 quota).
          disabled={quotaReached}
          onClick={() =>
            void navigate({ to: '/basic/orders/alternatives/new', search: { parentId: basicId } })
          }
          data-testid="alternatives-new"
        >
          {t('alternatives.actions.new')}
        </Button>
      )}
    </>
  );
}

/** Read-only note, the refusal of a generation, the routings it skipped, or that there is no alternative. */
function AlternativesNotices({
  rights,
  generate,
  lastRun,
  onCloseRun,
  single,
}: {
  rights: Rights;
  generate: ApiMutation;
  lastRun: AutoResult | null;
  onCloseRun: () => void;
  /** Whether the group holds the basic tour only. */
  single: boolean;
}) {
  const { t } = useTranslation('orders');
  return (
    <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
      {!rights.canGenerate && !rights.canPromote && (
        <Alert severity="info" data-testid="alternatives-read-only">
          {t('alternatives.readOnly')}
        </Alert>
      )}
      {generate.error && (
        <Alert severity="error" onClose={generate.clearError}>
          {generate.error}
        </Alert>
      )}
      {lastRun && lastRun.skipped.length > 0 && (
        <Alert severity="info" onClose={onCloseRun} data-testid="alternatives-skipped">
          {t('alternatives.skippedIntro')}
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {lastRun.skipped.map((s) => (
              <li key={s.routing}>
                {t(`alternatives.routing.${s.routing}`)}:{' '}
                {t(`alternatives.skipped.${s.reason}`, { defaultValue: t('alternatives.skipped.other') })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {single && !lastRun?.skipped.length && (
        <Alert severity="info" data-testid="alternatives-none">
          {t(rights.canGenerate ? 'alternatives.none' : 'alternatives.noneReadOnly')}
        </Alert>
      )}
    </Box>
  );
}

/** The cards of the group side by side, each with the actions the user may take. */
function AlternativesCards({
  orders,
  masters,
  lang,
  rights,
  onPromote,
  onRemove,
}: {
  orders: readonly Order[];
  masters: OrderMasters | undefined;
  lang: Language;
  rights: Rights;
  onPromote: (o: Order) => void;
  onRemove: (o: Order) => void;
}) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  return (
    <Box
      data-testid="alternatives-cards"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(300px, 1fr))' },
        mb: 3,
      }}
    >
      {orders.map((o) => (
        <AlternativesCard
          key={o.id}
          order={o}
          basic={orders[0]}
          masters={masters}
          lang={lang}
          actions={{
            promote: rights.canPromote && o.position > 1 ? () => onPromote(o) : undefined,
            edit: rights.canEdit
              ? () => void navigate({ to: '/basic/orders/edit/$id', params: { id: o.id } })
              : undefined,
            remove: rights.canDelete ? () => onRemove(o) : undefined,
            certificate: () =>
              void downloadCertificate(o).then(
                () => notify(t('alternatives.notify.certificate'), 'success', { log: false }),
                notifyError,
              ),
          }}
        />
      ))}
    </Box>
  );
}

/**
 * The alternatives of an order side by side (`/basic/orders/{id}/alternatives`, seed 000 §2, §4
 * Order): the basic tour first, each alternative with its legs, figures and change against the
 * basic tour, a chart of WTW, tkm and intensity, and the actions: a new alternative, generated
 * suggestions, promote to first, edit, delete and the certificate. Read-only users only compare.
 */
export function OrderAlternativesPage() {
  const { t } = useTranslation(['orders', 'common']);
  const lang = currentLanguage();
  const me = useMe();
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const masters = useMasters().data;
  const quota = useOrderQuota();
  const alternatives = useQuery(queryOptions('orderAlternatives', { params: { id } }));
  const { generate, lastRun, setLastRun } = useGenerate(id);
  const { promote, remove } = useAlternativeWrites(id, alternatives.data?.['hydra:member']);
  const rights: Rights = {
    canCreate: can(me, 'createOrder'),
    canGenerate: can(me, 'autoAlternatives'),
    canPromote: can(me, 'promoteOrder'),
    canEdit: can(me, 'updateOrder'),
    canDelete: can(me, 'deleteOrder'),
  };

  if (alternatives.isError) {
    return (
      <>
        <BackLink />
        <Alert severity="error">{errorText(alternatives.error)}</Alert>
      </>
    );
  }
  const orders = alternatives.data?.['hydra:member'];
  const basic = orders?.[0];
  if (!orders || !basic) return <Skeleton variant="rounded" height={420} />;

  const subtitle = [
    basic.client,
    formatDay(basic.date, lang),
    masterName(masters, 'freightType', basic.freightType),
    `${formatNumber(basic.grossWeight, lang, basic.grossWeightUnit === 't' ? 2 : 0)} ${basic.grossWeightUnit}`,
  ].join(' · ');

  return (
    <>
      <BackLink />
      <PageHeader
        title={t('alternatives.title', { number: basic.number })}
        subtitle={subtitle}
        actions={
          <AlternativesHeaderActions
            rights={rights}
            generate={generate}
            quotaReached={quota.reached}
            basicId={basic.id}
          />
        }
      />
      <AlternativesNotices
        rights={rights}
        generate={generate}
        lastRun={lastRun}
        onCloseRun={() => setLastRun(null)}
        single={orders.length === 1}
      />
      <AlternativesCards
        orders={orders}
        masters={masters}
        lang={lang}
        rights={rights}
        onPromote={promote.ask}
        onRemove={remove.ask}
      />
      {orders.length > 1 && <AlternativesChart orders={orders} lang={lang} />}
      {promote.dialog}
      {remove.dialog}
    </>
  );
}
