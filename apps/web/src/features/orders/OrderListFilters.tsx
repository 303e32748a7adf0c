import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FREIGHT_TYPES, ORDER_STATUSES, type OrderStatus } from '@klimadesk/contract/orders/schemas';
import { type Query, queryOptions } from '../../app/client.ts';
import { DatesProvider, DayPicker } from '../../components/DayPicker.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { masterName, useMasters } from './orderQueries.ts';

type FreightType = (typeof FREIGHT_TYPES)[number];

/**
 * The order filters of the list and the overview (seed 000 §7 "Orders"): statuses, client, freight
 * type and a date range; the list also shows the alternatives when asked. `''` means "not
 * filtered". At least one status stays chosen: a request without any lists nothing (seed 000 §5),
 * which the screens show by keeping the last status rather than by an empty page.
 */
export type OrderFilterValues = {
  status: OrderStatus[];
  client: string;
  freightType: FreightType | '';
  from: string;
  to: string;
  alternatives: boolean;
};

export const ORDER_FILTERS_OPEN: OrderFilterValues = {
  status: [...ORDER_STATUSES],
  client: '',
  freightType: '',
  from: '',
  to: '',
  alternatives: false,
};

/** The filters as the dashboard routes take them (the list's filters without paging and order). */
export function orderFilterQuery(f: OrderFilterValues): Query<'orderDashboard'> {
  const client = f.client.trim();
  return {
    // Every status is the same as none named.
    ...(f.status.length === ORDER_STATUSES.length ? {} : { status: f.status.join(',') }),
    ...(client ? { client } : {}),
    ...(f.freightType ? { freightType: f.freightType } : {}),
    ...(f.from ? { 'date[after]': f.from } : {}),
    ...(f.to ? { 'date[before]': f.to } : {}),
  };
}

/** The list's query of the filters: the dashboard's plus whether alternatives are listed. */
export function orderListFilterQuery(f: OrderFilterValues): Query<'orders'> {
  return { ...orderFilterQuery(f), ...(f.alternatives ? { basicTourOnly: 'false' as const } : {}) };
}

type FilterChange = <K extends keyof OrderFilterValues>(key: K, value: OrderFilterValues[K]) => void;

/** The statuses to list; the last chosen one stays (a request without any lists nothing). */
function StatusFilter({ values, onChange }: { values: OrderFilterValues; onChange: FilterChange }) {
  const { t } = useTranslation('orders');
  const masters = useMasters().data;
  // The app's own names until the masters (in the request language) arrive.
  const statusLabel = (s: string) => (masters ? masterName(masters, 'orderStatus', s) : t(`status.${s}`));
  return (
    <TextField
      select
      label={t('list.filters.status')}
      value={values.status}
      onChange={(e) => {
        const v = e.target.value as unknown as OrderStatus[] | string;
        const chosen = (typeof v === 'string' ? v.split(',') : v) as OrderStatus[];
        if (chosen.length > 0) onChange('status', chosen);
      }}
      sx={{ minWidth: 200 }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (v) => {
            const chosen = v as OrderStatus[];
            if (chosen.length === ORDER_STATUSES.length) return t('list.filters.allStatuses');
            return chosen.map(statusLabel).join(', ');
          },
        },
        htmlInput: { 'data-testid': 'order-filter-status' },
      }}
    >
      {ORDER_STATUSES.map((s) => (
        <MenuItem key={s} value={s} data-testid={`order-filter-status-${s}`}>
          <Checkbox size="small" checked={values.status.includes(s)} sx={{ p: 0, mr: 1 }} />
          <ListItemText primary={statusLabel(s)} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The client, typed freely with the names of earlier orders as suggestions. */
function ClientFilter({ value, onChange }: { value: string; onChange: FilterChange }) {
  const { t } = useTranslation('orders');
  const term = useDebounced(value.trim());
  const clients = useQuery({
    ...queryOptions('clients', { query: { term: term || undefined, limit: 20 } }),
    select: (d) => d['hydra:member'].map((c) => c.name),
  });
  return (
    <Autocomplete
      freeSolo
      options={clients.data ?? []}
      inputValue={value}
      onInputChange={(_e, v) => onChange('client', v)}
      sx={{ minWidth: 200 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('list.filters.client')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'order-filter-client' },
          }}
        />
      )}
    />
  );
}

/**
 * The filter controls, bound to the values of a list (`list.filters` / `list.setFilter`) or of
 * a page; `alternatives` offers the "show alternatives" switch (the list only).
 */
export function OrderListFilters({
  values,
  onChange,
  alternatives = false,
}: {
  values: OrderFilterValues;
  onChange: FilterChange;
  alternatives?: boolean;
}) {
  const { t } = useTranslation('orders');
  const masters = useMasters().data;
  return (
    <>
      <StatusFilter values={values} onChange={onChange} />
      <ClientFilter value={values.client} onChange={onChange} />
      <TextField
        select
        label={t('common.freightType')}
        value={values.freightType}
        onChange={(e) => onChange('freightType', e.target.value as FreightType | '')}
        sx={{ minWidth: 180 }}
        slotProps={{
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'order-filter-freight-type' },
        }}
      >
        <MenuItem value="">{t('list.filters.allFreightTypes')}</MenuItem>
        {FREIGHT_TYPES.map((f) => (
          <MenuItem key={f} value={f}>
            {masterName(masters, 'freightType', f)}
          </MenuItem>
        ))}
      </TextField>
      <DatesProvider>
        <DayPicker
          label={t('list.filters.from')}
          value={values.from || null}
          onChange={(d) => onChange('from', d ?? '')}
        />
        <DayPicker
          label={t('list.filters.to')}
          value={values.to || null}
          onChange={(d) => onChange('to', d ?? '')}
        />
      </DatesProvider>
      {alternatives && (
        <FormControlLabel
          control={
            <Checkbox
              checked={values.alternatives}
              onChange={(e) => onChange('alternatives', e.target.checked)}
              data-testid="order-filter-alternatives"
            />
          }
          label={t('list.filters.alternatives')}
          sx={{ flex: '0 0 auto', whiteSpace: 'nowrap' }}
        />
      )}
    </>
  );
}
