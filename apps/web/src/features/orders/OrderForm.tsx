import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import {
  type Control,
  type FieldPath,
  FormProvider,
  type UseFormReturn,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { ApiError } from '../../app/api.ts';
import { call } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DatesProvider } from '../../components/DayPicker.tsx';
import { errorText } from '../../components/errors.ts';
import { SectionCard } from '../../components/PageHeader.tsx';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { errorMessage } from '../../components/validation.ts';
import { LegEditor } from './LegEditor.tsx';
import { useLegCalculations } from './LegCalculation.ts';
import { ORDER_QUERY_KEYS, type OrderMasters, useMasters, useOrderQuota } from './orderQueries.ts';
import { OrderDataSection } from './OrderDataSection.tsx';
import { OrderQuota } from './OrderQuota.tsx';
import { OrderTotals } from './OrderTotals.tsx';
import {
  CARRIAGE_ORDER,
  type Carriage,
  type Order,
  type OrderFormValues,
  emptyLeg,
  emptyOrderForm,
  orderFormSchema,
  toOrderBody,
  toOrderPatch,
} from './OrderFormModel.ts';

export const ORDERS_PATH = '/basic/orders';

export type OrderFormMode =
  { kind: 'create' } | { kind: 'edit'; order: Order } | { kind: 'alternative'; parent: Order };

/** A form field the API named in a refusal (`detail.issues[].path`, `detail.leg`, `detail.end`). */
function markServerError(err: unknown, form: UseFormReturn<OrderFormValues>, values: OrderFormValues) {
  if (!(err instanceof ApiError)) return;
  const text = errorText(err);
  const leg = err.detail?.leg as { activity?: Carriage; position?: number } | undefined;
  if (leg?.activity && leg.position) {
    const end = err.detail?.end;
    // The end the location service names; a same-place leg at its destination; a vehicle class the
    // engine or the freight type refuses at the class; no route at the distance (a typed one helps).
    const field =
      end === 'origin' || end === 'destination'
        ? end
        : err.key === 'EqualOriginDestination'
          ? 'destination'
          : err.key === 'freightTypeNotForMode' || err.key === 'invalidCalculationInput'
            ? 'glecVehicleType'
            : 'distance';
    form.setError(`legs.${leg.activity}.${leg.position - 1}.${field}` as FieldPath<OrderFormValues>, {
      message: text,
    });
    return;
  }
  const sent = CARRIAGE_ORDER.filter((c) => values.legs[c].length > 0);
  const issues = (err.detail?.issues ?? []) as { path?: string }[];
  for (const issue of issues) {
    const parts = (issue.path ?? '').split('/').slice(1);
    if (parts[0] === 'activities' && parts[2] === 'legs') {
      const activity = sent[Number(parts[1])];
      const field = parts[4] === 'origin' || parts[4] === 'destination' ? parts[4] : 'distance';
      if (activity)
        form.setError(`legs.${activity}.${parts[3]}.${field}` as FieldPath<OrderFormValues>, {
          message: text,
        });
    } else if (parts[0] && parts[0] in values) {
      form.setError(parts[0] as FieldPath<OrderFormValues>, { message: text });
    }
  }
}

function ActivitySection({
  activity,
  control,
  masters,
  calcs,
  offset,
  lang,
  freightType,
}: {
  activity: Carriage;
  control: Control<OrderFormValues>;
  masters: OrderMasters | undefined;
  calcs: ReturnType<typeof useLegCalculations>;
  /** Legs of the carriages before this one (the number of its first leg minus one). */
  offset: number;
  lang: Language;
  freightType: string;
}) {
  const { t } = useTranslation('orders');
  const { fields, append, remove } = useFieldArray({ control, name: `legs.${activity}` });
  const label = masters?.carriage.find((c) => c.id === activity)?.name ?? t(`form.carriage.${activity}`);
  return (
    <SectionCard title={label} description={t(`form.carriageHint.${activity}`)}>
      <Box sx={{ display: 'grid', gap: 2 }} data-testid={`activity-${activity}`} data-freight={freightType}>
        {fields.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('form.legs.none')}
          </Typography>
        )}
        {fields.map((f, i) => (
          <LegEditor
            key={f.id}
            activity={activity}
            index={i}
            number={offset + i + 1}
            control={control}
            masters={masters}
            calc={calcs[offset + i]}
            lang={lang}
            onRemove={() => remove(i)}
          />
        ))}
        <Box>
          <Button
            startIcon={<Add />}
            onClick={() => append(emptyLeg())}
            aria-label={t('form.legs.addTo', { carriage: label })}
          >
            {t('form.legs.add')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}

/** The save of the form: an update, a new order or a new alternative; fields the API names get its refusal. */
function useOrderSave(mode: OrderFormMode, form: UseFormReturn<OrderFormValues>, lang: Language) {
  const { t } = useTranslation(['orders', 'common']);
  const navigate = useNavigate();
  return useApiMutation<OrderFormValues, Order>({
    mutate: (v) =>
      mode.kind === 'edit'
        ? call('updateOrder', { params: { id: mode.order.id }, body: toOrderPatch(v, lang) })
        : call('createOrder', {
            body: toOrderBody(v, lang, mode.kind === 'alternative' ? mode.parent.id : undefined),
          }),
    invalidate: ORDER_QUERY_KEYS,
    success: (o) =>
      t(
        mode.kind === 'edit'
          ? 'orders:form.saved'
          : mode.kind === 'alternative'
            ? 'orders:form.alternativeCreated'
            : 'orders:form.created',
        { number: o.number },
      ),
    onSuccess: () => void navigate({ href: ORDERS_PATH }),
    errorOf: (err, v) => {
      markServerError(err, form, v);
      return errorText(err);
    },
  });
}

/** Asks before a freight type the legs cannot carry replaces the legs by one empty main-carriage leg. */
function FreightConflictDialog({
  freightType,
  masters,
  onClose,
}: {
  freightType: string;
  masters: OrderMasters | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const { reset, getValues } = useFormContext<OrderFormValues>();
  return (
    <ConfirmDialog
      title={t('orders:form.freightConflict.title')}
      text={t('orders:form.freightConflict.text', {
        freightType: masters?.freightType.find((f) => f.id === freightType)?.name ?? freightType,
      })}
      confirmLabel={t('orders:form.freightConflict.confirm')}
      onClose={onClose}
      onConfirm={async () => {
        // A reset, not setValue: the leg lists are field arrays and follow a reset.
        reset(
          {
            ...getValues(),
            freightType,
            legs: { pre_carriage: [], main_carriage: [emptyLeg()], on_carriage: [] },
          },
          { keepDefaultValues: true },
        );
        onClose();
      }}
    />
  );
}

/** The refusal of the leg lists as a whole (no main carriage), in the reader's language. */
function LegsError({ message }: { message: string }) {
  const { t } = useTranslation(['orders', 'common', 'tours', 'errors']);
  return (
    <Alert severity="error" role="alert">
      {errorMessage(t, message) === message ? t(message) : errorMessage(t, message)}
    </Alert>
  );
}

/** Cancel back to the list, and save (an order being edited) or create. */
function OrderFormActions({ editing, disabled }: { editing: boolean; disabled: boolean }) {
  const { t } = useTranslation(['orders', 'common']);
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <Button onClick={() => void navigate({ href: ORDERS_PATH })}>{t('common:actions.cancel')}</Button>
      <Button type="submit" variant="contained" disabled={disabled}>
        {t(editing ? 'common:actions.save' : 'orders:form.create')}
      </Button>
    </Box>
  );
}

/**
 * The order form of the basic edition (seed 000 §3 Order and Leg): order data, then pre-carriage,
 * main carriage and on-carriage with their legs, live distances, emissions and totals.
 */
export function OrderForm({ mode, initial }: { mode: OrderFormMode; initial?: OrderFormValues }) {
  // The calculation sheets speak `tours`: loaded with the form, so a first result does not suspend it
  // (a suspended form loses the focus and with it the place being typed).
  useTranslation(['orders', 'common', 'tours', 'errors']);
  const lang = currentLanguage();
  const { data: masters } = useMasters();
  const quota = useOrderQuota();
  const creates = mode.kind !== 'edit';
  const schema = useMemo(() => orderFormSchema(currentLanguage), []);
  const form = useForm<OrderFormValues>({
    resolver: zodResolver(schema),
    defaultValues: initial ?? emptyOrderForm(),
    reValidateMode: 'onChange',
  });
  const { control, handleSubmit, formState } = form;
  const values = useWatch({ control }) as OrderFormValues;
  const calcs = useLegCalculations(values, lang);
  const [pendingFreight, setPendingFreight] = useState<string | null>(null);
  const save = useOrderSave(mode, form, lang);

  const onSubmit = handleSubmit((v) => void save.run(v));
  const offsets = CARRIAGE_ORDER.map((_, i) =>
    CARRIAGE_ORDER.slice(0, i).reduce((n, c) => n + (values.legs?.[c]?.length ?? 0), 0),
  );
  const blocked = creates && quota.reached;
  const legsError = formState.errors.legs?.main_carriage;

  return (
    <FormProvider {...form}>
      <DatesProvider>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{ display: 'grid', gap: 3 }}
          data-testid="order-form"
        >
          <OrderDataSection
            suggest={mode.kind === 'create'}
            alternativeOf={mode.kind === 'alternative' ? mode.parent : null}
            masters={masters}
            isContainer={values.freightType === 'container'}
            onFreightConflict={setPendingFreight}
          />
          {legsError?.message && <LegsError message={legsError.message} />}
          {CARRIAGE_ORDER.map((activity, i) => (
            <ActivitySection
              key={activity}
              activity={activity}
              control={control}
              masters={masters}
              calcs={calcs}
              offset={offsets[i]}
              lang={lang}
              freightType={values.freightType}
            />
          ))}

          <OrderTotals
            values={values}
            lang={lang}
            calcs={calcs}
            saved={mode.kind === 'edit' ? mode.order : null}
          />

          {creates && <OrderQuota show="reached" />}
          {save.error && (
            <Alert severity="error" role="alert" data-testid="order-save-error">
              {save.error}
            </Alert>
          )}
          <OrderFormActions editing={mode.kind === 'edit'} disabled={save.busy || blocked} />
        </Box>
      </DatesProvider>
      {pendingFreight !== null && (
        <FreightConflictDialog
          freightType={pendingFreight}
          masters={masters}
          onClose={() => setPendingFreight(null)}
        />
      )}
    </FormProvider>
  );
}
