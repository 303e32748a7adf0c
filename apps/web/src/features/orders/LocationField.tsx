import { type HTMLAttributes, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Location } from '@klimadesk/contract/locations/schemas';
import { queryOptions } from '../../app/client.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { usePlacesLoading } from '../../components/usePlacesLoading.ts';
import { type PlaceValue, placeOfLocation, takesStreet } from './OrderFormModel.ts';

const SEARCH_LIMIT = 10;

/** Two cities of one name in one country are one place to the order (it keeps country and name). */
function distinctPlaces(hits: Location[]): Location[] {
  const seen = new Set<string>();
  return hits.filter((l) => {
    const key = JSON.stringify(placeOfLocation(l).place);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The place a search hit or a picked value names, for comparing the two. */
const placeKey = (o: Location | PlaceValue) =>
  JSON.stringify('place' in o ? o.place : placeOfLocation(o).place);

/** The location service's hits for what is typed (at least 2 characters), else the picked place. */
function useLocationSearch(value: PlaceValue | null) {
  const [input, setInput] = useState('');
  const term = useDebounced(input.trim(), 250);
  // Typing the picked place's own label is not a new search.
  const searching = term.length >= 2 && term !== value?.label;
  const { data, isFetching } = useQuery({
    ...queryOptions('searchLocations', { query: { term, limit: SEARCH_LIMIT } }),
    enabled: searching,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const options: (Location | PlaceValue)[] = searching
    ? distinctPlaces(data?.['hydra:member'] ?? [])
    : value
      ? [value]
      : [];
  return { input, setInput, term, options, isFetching };
}

/** A search hit with its kind and region below its name; the picked place by its label. */
function renderLocationOption(props: HTMLAttributes<HTMLLIElement>, o: Location | PlaceValue, t: TFunction) {
  const { key, ...rest } = props as typeof props & { key: string };
  if ('place' in o)
    return (
      <li key={key} {...rest}>
        {o.label}
      </li>
    );
  return (
    <li key={key} {...rest}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2">{placeOfLocation(o).label}</Typography>
        <Typography variant="caption" color="text.secondary">
          {t(`form.place.types.${o.type}`)}
          {o.subdivision ? ` · ${o.subdivision}` : ''}
        </Typography>
      </Box>
    </li>
  );
}

/** The street of a postal code or city end; an empty street is none. */
function StreetField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: PlaceValue;
  onChange: (v: PlaceValue | null) => void;
}) {
  const { t } = useTranslation('orders');
  const street = 'street' in value.place ? (value.place.street ?? '') : '';
  return (
    <TextField
      size="small"
      label={t('form.place.street')}
      name={`${name}.street`}
      value={street}
      slotProps={{ htmlInput: { maxLength: 200 } }}
      onChange={(e) => {
        const { street: _s, ...rest } = value.place as { street?: string };
        const next = e.target.value;
        onChange({ ...value, place: (next ? { ...rest, street: next } : rest) as PlaceValue['place'] });
      }}
    />
  );
}

/**
 * A leg end picked from the location service's search: a postal code, a city, a port by UN/LOCODE
 * or an airport by IATA code (seed 000 §3 Leg); a postal code or city end may also name a street.
 */
export function LocationField({
  label,
  value,
  onChange,
  error,
  name,
}: {
  label: string;
  value: PlaceValue | null;
  onChange: (v: PlaceValue | null) => void;
  error?: string;
  name: string;
}) {
  const { t } = useTranslation('orders');
  const placesLoading = usePlacesLoading();
  const { input, setInput, term, options, isFetching } = useLocationSearch(value);
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Autocomplete<Location | PlaceValue>
        options={options}
        value={value}
        filterOptions={(o) => o}
        loading={isFetching}
        autoHighlight
        size="small"
        inputValue={input}
        onInputChange={(_e, v) => setInput(v)}
        onChange={(_e, v) => onChange(v === null ? null : 'place' in v ? v : placeOfLocation(v))}
        getOptionLabel={(o) => ('place' in o ? o.label : placeOfLocation(o).label)}
        isOptionEqualToValue={(a, b) => placeKey(a) === placeKey(b)}
        noOptionsText={
          term.length < 2
            ? t('form.place.typeMore')
            : placesLoading
              ? t('form.place.stillLoading')
              : t('form.place.none')
        }
        loadingText={t('form.place.searching')}
        renderOption={(props, o) => renderLocationOption(props, o, t)}
        renderInput={(params) => (
          <TextField
            {...params}
            name={name}
            label={label}
            required
            error={!!error}
            helperText={
              error ??
              (placesLoading ? t('form.place.stillLoading') : value ? undefined : t('form.place.hint'))
            }
          />
        )}
      />
      {value && takesStreet(value.place) && <StreetField name={name} value={value} onChange={onChange} />}
    </Box>
  );
}
