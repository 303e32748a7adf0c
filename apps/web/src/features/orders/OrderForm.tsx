import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  type Control,
  Controller,
  type FieldPath,
  FormProvider,
  type UseFormReturn,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '@klimadesk/contract/constants';
import { ApiError } from '../../app/api.ts';
import { type Body, call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { parseNumber } from '../../components/format.ts';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import { errorText } from '../../components/errors.ts';
import { FormSelect, FormSwitch, FormText } from '../../components/form.tsx';
import { SectionCard } from '../../components/PageHeader.tsx';
import { formatCo2, formatDay, formatIntensity, formatTkm } from '../../components/units.ts';
import { useApiMutation } from '../../components/useApiMutation.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { errorMessage } from '../../components/validation.ts';
import { LegEditor } from './LegEditor.tsx';
import { useLegCalculations } from './LegCalculation.ts';
import { ORDER_QUERY_KEYS, type OrderMasters, useMasters, useOrderQuota } from './orderQueries.ts';
import { OrderQuota } from './OrderQuota.tsx';
import {
  CARRIAGE_ORDER,
  type Carriage,
  type Order,
  type OrderFormValues,
  emptyLeg,
  emptyOrderForm,
  freightTypeConflicts,
  handovers,
  legsInOrder,
  liveTotals,
  orderFormSchema,
  orderToForm,
  toOrderBody,
  toOrderPatch,
} from './OrderFormModel.ts';

export const ORDERS_PATH = '/basic/orders';

export type OrderFormMode =
  { kind: 'create' } | { kind: 'edit'; order: Order } | { kind: 'alternative'; parent: Order };

const options = (list: { id: string; name: string }[] | undefined) =>
  (list ?? []).map((e) => ({ value: e.id, label: e.name }));

/** Client names of earlier orders, most used first, as suggestions; any other name may be typed. */
function ClientField({ control }: { control: Control<OrderFormValues> }) {
  const { t } = useTranslation(['orders', 'common']);
  const [input, setInput] = useState('');
  const term = useDebounced(input.trim());
  const { data } = useQuery({
    ...queryOptions('clients', { query: term ? { term } : {} }),
    placeholderData: keepPreviousData,
  });
  const names = (data?.['hydra:member'] ?? []).map((c) => c.name);
  return (
    <Controller
      control={control}
      name="client"
      render={({ field, fieldState }) => (
        <Autocomplete
          freeSolo
          options={names}
          value={field.value}
          inputValue={field.value}
          onInputChange={(_e, v) => {
            setInput(v);
            field.onChange(v);
          }}
          onChange={(_e, v) => field.onChange(v ?? '')}
          size="small"
          renderInput={(params) => (
            <TextField
              {...params}
              name={field.name}
              inputRef={field.ref}
              onBlur={field.onBlur}
              label={t('orders:common.client')}
              required
              error={!!fieldState.error}
              helperText={errorMessage(t, fieldState.error?.message)}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, maxLength: 100 },
              }}
            />
          )}
        />
      )}
    />
  );
}

/** Starts a new order from one of the latest 30 (seed 000 §9): its cargo and route, a new number and date. */
function SuggestionPicker({ onPick }: { onPick: (o: Order) => void }) {
  const { t } = useTranslation('orders');
  const lang = currentLanguage();
  const [input, setInput] = useState('');
  const term = useDebounced(input.trim());
  const { data } = useQuery({
    ...queryOptions('orderSuggestion', { query: term ? { term } : {} }),
    placeholderData: keepPreviousData,
  });
  const [busy, setBusy] = useState(false);
  const list = data?.['hydra:member'] ?? [];
  return (
    <Autocomplete
      options={list}
      value={null}
      size="small"
      loading={busy}
      filterOptions={(o) => o}
      inputValue={input}
      onInputChange={(_e, v, reason) => reason !== 'reset' && setInput(v)}
      getOptionLabel={(o) => `${o.number} · ${o.client}`}
      onChange={async (_e, v) => {
        if (!v) return;
        setBusy(true);
        try {
          onPick(await call('getOrder', { params: { id: v.id } }));
        } finally {
          setBusy(false);
          setInput('');
        }
      }}
      noOptionsText={t('form.suggestion.none')}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2">{`${o.number} · ${o.client}`}</Typography>
              <Typography variant="caption" color="text.secondary">
                {`${formatDay(o.date, lang)} · ${o.modes.map((m) => t(`form.modeShort.${m}`)).join(' → ')}`}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} label={t('form.suggestion.label')} helperText={t('form.suggestion.hint')} />
      )}
    />
  );
}

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

function Totals({
  values,
  lang,
  calcs,
  saved,
}: {
  values: OrderFormValues;
  lang: Language;
  calcs: ReturnType<typeof useLegCalculations>;
  saved: Order | null;
}) {
  const { t } = useTranslation('orders');
  const legs = legsInOrder(values.legs);
  const figures = legs.map((_, i) => calcs[i]?.emission ?? null);
  const modes = legs.map((l) => l.leg.transportMode);
  const hubs = handovers(modes);
  const weight = parseNumber(values.grossWeight, lang);
  const quantity = parseNumber(values.quantity, lang);
  // The hubs where the goods change vehicle, by the API's own rule and factors (orderHubs).
  const hubBody = useDebounced(
    JSON.stringify(
      hubs > 0 && weight > 0 && modes.every(Boolean)
        ? {
            freightType: values.freightType,
            grossWeight: weight,
            grossWeightUnit: values.grossWeightUnit,
            temperatureControl: values.temperatureControl,
            quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : null,
            modes,
          }
        : null,
    ),
    500,
  );
  const hubQuery = useQuery({
    queryKey: ['orderHubs', hubBody],
    queryFn: ({ signal }) =>
      call('orderHubs', { body: JSON.parse(hubBody) as Body<'orderHubs'> }, { signal }),
    enabled: hubBody !== 'null',
    staleTime: Infinity,
    retry: false,
  });
  const hubWtw = hubs > 0 ? (hubQuery.data?.co2Wtw ?? null) : 0;
  const live = liveTotals(figures, hubWtw ?? 0);
  const row = (label: string, value: string, testId?: string) => (
    <Box key={label}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
  return (
    <SectionCard title={t('form.totals.title')} description={t('form.totals.description')}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, gap: 2, m: 0 }}
        data-testid="order-totals"
      >
        {row(t('common.co2Ttw'), formatCo2(live.co2Ttw, lang))}
        {row(t('common.co2Wtt'), formatCo2(live.co2Wtt, lang))}
        {row(t('form.totals.wtwWithHubs'), formatCo2(live.co2Wtw, lang), 'total-wtw')}
        {row(t('common.tkm'), formatTkm(live.tkm, lang))}
        {row(t('common.intensity'), formatIntensity(live.intensity, lang))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {hubs === 0
          ? t('form.totals.noHubs')
          : hubWtw === null
            ? t('form.totals.hubsPending', { count: hubs })
            : t('form.totals.hubs', { count: hubs, value: formatCo2(hubWtw, lang) })}
        {!live.complete && legs.length > 0 ? ` ${t('form.totals.incomplete')}` : ''}
      </Typography>
      {saved && (
        <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }} data-testid="saved-totals">
          <Typography variant="subtitle2" sx={{ mb: 1 }}>
            {t('form.totals.saved')}
          </Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' },
              gap: 2,
              m: 0,
            }}
          >
            {row(t('common.co2Ttw'), formatCo2(saved.co2Ttw, lang))}
            {row(t('common.co2Wtt'), formatCo2(saved.co2Wtt, lang))}
            {row(t('form.totals.wtwWithHubs'), formatCo2(saved.co2Wtw, lang))}
            {row(t('common.tkm'), formatTkm(saved.tkm, lang))}
            {row(t('common.intensity'), formatIntensity(saved.intensity, lang))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('form.totals.savedHubs', {
              value: formatCo2(saved.hubCo2Wtw, lang),
              count: saved.hubs.length,
            })}
          </Typography>
        </Box>
      )}
    </SectionCard>
  );
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

/**
 * The order form of the basic edition (seed 000 §3 Order and Leg): order data, then pre-carriage,
 * main carriage and on-carriage with their legs, live distances, emissions and totals.
 */
export function OrderForm({ mode, initial }: { mode: OrderFormMode; initial?: OrderFormValues }) {
  // The calculation sheets speak `tours`: loaded with the form, so a first result does not suspend it
  // (a suspended form loses the focus and with it the place being typed).
  const { t } = useTranslation(['orders', 'common', 'tours', 'errors']);
  const lang = currentLanguage();
  const navigate = useNavigate();
  const { data: masters } = useMasters();
  const quota = useOrderQuota();
  const creates = mode.kind !== 'edit';
  const schema = useMemo(() => orderFormSchema(currentLanguage), []);
  const form = useForm<OrderFormValues>({
    resolver: zodResolver(schema),
    defaultValues: initial ?? emptyOrderForm(),
    reValidateMode: 'onChange',
  });
  const { control, handleSubmit, getValues, reset, formState } = form;
  const values = useWatch({ control }) as OrderFormValues;
  const calcs = useLegCalculations(values, lang);
  const [pendingFreight, setPendingFreight] = useState<string | null>(null);

  const save = useApiMutation<OrderFormValues, Order>({
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

  const onSubmit = handleSubmit((v) => void save.run(v));
  const offsets = CARRIAGE_ORDER.map((_, i) =>
    CARRIAGE_ORDER.slice(0, i).reduce((n, c) => n + (values.legs?.[c]?.length ?? 0), 0),
  );
  const isContainer = values.freightType === 'container';
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
          <SectionCard title={t('orders:form.data.title')} description={t('common:form.requiredHint')}>
            <Box sx={{ display: 'grid', gap: 2 }}>
              {mode.kind === 'create' && (
                <SuggestionPicker
                  onPick={(o) => {
                    const next = orderToForm(o, lang);
                    reset({ ...next, number: '', date: emptyOrderForm().date });
                  }}
                />
              )}
              {mode.kind === 'alternative' && (
                <Alert severity="info">
                  {t('orders:form.alternativeOf', { number: mode.parent.number, client: mode.parent.client })}
                </Alert>
              )}
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  alignItems: 'start',
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' },
                }}
              >
                <FormText
                  control={control}
                  name="number"
                  label={t('orders:common.orderNumber')}
                  required
                  size="small"
                />
                <ClientField control={control} />
                <Controller
                  control={control}
                  name="date"
                  render={({ field, fieldState }) => (
                    <DayPicker
                      label={t('orders:common.date')}
                      value={field.value}
                      onChange={field.onChange}
                      required
                      error={!!fieldState.error}
                      helperText={errorMessage(t, fieldState.error?.message)}
                    />
                  )}
                />
                <FormText control={control} name="label" label={t('orders:form.data.label')} size="small" />
                <FormSelect
                  control={control}
                  name="cargoType"
                  label={t('orders:common.cargo')}
                  required
                  size="small"
                  options={options(masters?.cargo)}
                />
                <Controller
                  control={control}
                  name="freightType"
                  render={({ field }) => (
                    <TextField
                      select
                      size="small"
                      required
                      name={field.name}
                      label={t('orders:common.freightType')}
                      value={masters ? field.value : ''}
                      inputRef={field.ref}
                      onChange={(ev) => {
                        const next = ev.target.value;
                        // Seed 000 §4: a freight type the legs cannot carry asks first, then clears the legs.
                        if (freightTypeConflicts(next, getValues('legs'))) setPendingFreight(next);
                        else field.onChange(next);
                      }}
                    >
                      {options(masters?.freightType).map((o) => (
                        <MenuItem key={o.value} value={o.value}>
                          {o.label}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 90px', gap: 1 }}>
                  <FormText
                    control={control}
                    name="grossWeight"
                    label={t('orders:form.data.grossWeight')}
                    required
                    size="small"
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                  <FormSelect
                    control={control}
                    name="grossWeightUnit"
                    label={t('orders:form.data.unit')}
                    size="small"
                    options={options(masters?.weightUnit)}
                  />
                </Box>
                <FormText
                  control={control}
                  name="quantity"
                  label={t(isContainer ? 'orders:form.data.containers' : 'orders:form.data.quantity')}
                  size="small"
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
                {isContainer && (
                  <>
                    <FormSelect
                      control={control}
                      name="containerLoad"
                      label={t('orders:form.data.containerLoad')}
                      size="small"
                      emptyLabel={t('orders:form.data.none')}
                      options={options(masters?.containerLoad)}
                    />
                    <FormSelect
                      control={control}
                      name="containerSpec"
                      label={t('orders:form.data.containerSpec')}
                      size="small"
                      emptyLabel={t('orders:form.data.none')}
                      options={options(masters?.containerType)}
                    />
                  </>
                )}
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  <FormSwitch
                    control={control}
                    name="temperatureControl"
                    label={t('orders:form.data.temperatureControl')}
                  />
                </Box>
              </Box>
              <FormText
                control={control}
                name="note"
                label={t('orders:form.data.note')}
                size="small"
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
            </Box>
          </SectionCard>

          {legsError?.message && (
            <Alert severity="error" role="alert">
              {errorMessage(t, legsError.message) === legsError.message
                ? t(legsError.message)
                : errorMessage(t, legsError.message)}
            </Alert>
          )}
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

          <Totals
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
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button onClick={() => void navigate({ href: ORDERS_PATH })}>{t('common:actions.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={save.busy || blocked}>
              {t(mode.kind === 'edit' ? 'common:actions.save' : 'orders:form.create')}
            </Button>
          </Box>
        </Box>
      </DatesProvider>
      {pendingFreight !== null && (
        <ConfirmDialog
          title={t('orders:form.freightConflict.title')}
          text={t('orders:form.freightConflict.text', {
            freightType: masters?.freightType.find((f) => f.id === pendingFreight)?.name ?? pendingFreight,
          })}
          confirmLabel={t('orders:form.freightConflict.confirm')}
          onClose={() => setPendingFreight(null)}
          onConfirm={async () => {
            // A reset, not setValue: the leg lists are field arrays and follow a reset.
            reset(
              {
                ...getValues(),
                freightType: pendingFreight,
                legs: { pre_carriage: [], main_carriage: [emptyLeg()], on_carriage: [] },
              },
              { keepDefaultValues: true },
            );
            setPendingFreight(null);
          }}
        />
      )}
    </FormProvider>
  );
}
