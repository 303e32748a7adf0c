import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Control, Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call, queryOptions } from '../../app/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { DayPicker } from '../../components/DayPicker.tsx';
import { FormSelect, FormSwitch, FormText } from '../../components/form.tsx';
import { SectionCard } from '../../components/PageHeader.tsx';
import { formatDay } from '../../components/units.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { errorMessage } from '../../components/validation.ts';
import type { OrderMasters } from './orderQueries.ts';
import {
  type Order,
  type OrderFormValues,
  emptyOrderForm,
  freightTypeConflicts,
  orderToForm,
} from './OrderFormModel.ts';
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

/** The freight type; one the legs cannot carry asks first (`onConflict`), then clears the legs. */
function FreightTypeField({
  masters,
  onConflict,
}: {
  masters: OrderMasters | undefined;
  onConflict: (freightType: string) => void;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const { control, getValues } = useFormContext<OrderFormValues>();
  return (
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
            if (freightTypeConflicts(next, getValues('legs'))) onConflict(next);
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
  );
}

/** The gross weight and its unit side by side. */
function WeightFields({ masters }: { masters: OrderMasters | undefined }) {
  const { t } = useTranslation(['orders', 'common']);
  const { control } = useFormContext<OrderFormValues>();
  return (
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
  );
}

/** Load and type of the containers (container freight only). */
function ContainerFields({ masters }: { masters: OrderMasters | undefined }) {
  const { t } = useTranslation(['orders', 'common']);
  const { control } = useFormContext<OrderFormValues>();
  return (
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
  );
}

/** The order's fields: number, client, date, label, cargo, freight type, weight, quantity, cooling. */
function OrderDataFields({
  masters,
  isContainer,
  onFreightConflict,
}: {
  masters: OrderMasters | undefined;
  isContainer: boolean;
  onFreightConflict: (freightType: string) => void;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const { control } = useFormContext<OrderFormValues>();
  return (
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
      <FreightTypeField masters={masters} onConflict={onFreightConflict} />
      <WeightFields masters={masters} />
      <FormText
        control={control}
        name="quantity"
        label={t(isContainer ? 'orders:form.data.containers' : 'orders:form.data.quantity')}
        size="small"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      {isContainer && <ContainerFields masters={masters} />}
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <FormSwitch
          control={control}
          name="temperatureControl"
          label={t('orders:form.data.temperatureControl')}
        />
      </Box>
    </Box>
  );
}

/**
 * The order data card: the pick of an earlier order (a new order), the order an alternative is of,
 * the order's fields and its note.
 */
export function OrderDataSection({
  suggest,
  alternativeOf,
  masters,
  isContainer,
  onFreightConflict,
}: {
  /** Whether a new order may start from an earlier one. */
  suggest: boolean;
  alternativeOf: Order | null;
  masters: OrderMasters | undefined;
  isContainer: boolean;
  onFreightConflict: (freightType: string) => void;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const lang = currentLanguage();
  const { control, reset } = useFormContext<OrderFormValues>();
  return (
    <SectionCard title={t('orders:form.data.title')} description={t('common:form.requiredHint')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {suggest && (
          <SuggestionPicker
            onPick={(o) => {
              const next = orderToForm(o, lang);
              reset({ ...next, number: '', date: emptyOrderForm().date });
            }}
          />
        )}
        {alternativeOf && (
          <Alert severity="info">
            {t('orders:form.alternativeOf', { number: alternativeOf.number, client: alternativeOf.client })}
          </Alert>
        )}
        <OrderDataFields masters={masters} isContainer={isContainer} onFreightConflict={onFreightConflict} />
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
  );
}
