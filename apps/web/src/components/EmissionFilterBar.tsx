import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TAG_FILTER_LIMIT } from '@klimadesk/contract/tags/schemas';
import { queryOptions } from '../app/client.ts';
import { DatesProvider, DayPicker } from './DayPicker.tsx';
import { SearchField } from './SearchField.tsx';
import { rangeInvalid, type EmissionFilterState } from './emissionFilters.ts';
import { useDebounced } from './useDebounced.ts';

/** Suggestions wait until typing pauses (seed 000 §9: tag suggestions 600 ms, at most 20). */
export const SUGGESTION_DEBOUNCE_MS = 600;

/** The suggestion routes: tags of the scope, and shippers (limited to an external user's own). */
type SuggestionRoute = 'filterTourTags' | 'filterShipmentTags' | 'filterShipmentShippers';

const TAG_ROUTES = { tour: 'filterTourTags', shipment: 'filterShipmentTags' } as const;

/** Suggestions for the typed text, once typing pauses; one page of at most `TAG_FILTER_LIMIT`. */
export function suggestionQuery(route: SuggestionRoute, term: string) {
  return queryOptions(route, { query: { page: 1, limit: TAG_FILTER_LIMIT, term: term || undefined } });
}

function useSuggestions(route: SuggestionRoute, input: string, enabled: boolean) {
  const term = useDebounced(input.trim(), SUGGESTION_DEBOUNCE_MS);
  return useQuery({
    ...suggestionQuery(route, term),
    // Shippers carry no colours; tags may.
    select: (d): { value: string; colorCode?: string | null; textColor?: string | null }[] =>
      d['hydra:member'],
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

function SuggestionFilter({
  label,
  route,
  value,
  onChange,
  testId,
}: {
  label: string;
  route: SuggestionRoute;
  value: string[];
  onChange: (value: string[]) => void;
  testId: string;
}) {
  const { t } = useTranslation('tours');
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const suggestions = useSuggestions(route, input, open);
  const options = suggestions.data ?? [];
  const colours = new Map(options.map((o) => [o.value, o]));
  return (
    <Autocomplete
      multiple
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options.map((o) => o.value)}
      filterOptions={(x) => x}
      value={value}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        if (reason !== 'reset') setInput(v);
      }}
      onChange={(_e, next) => {
        setInput('');
        onChange([...new Set(next)]);
      }}
      loading={suggestions.isFetching}
      loadingText={t('filters.loading')}
      noOptionsText={t('filters.noOptions')}
      sx={{ minWidth: 220, maxWidth: 360, flex: '1 1 220px' }}
      data-testid={testId}
      renderValue={(values, getItemProps) =>
        values.map((v, index) => {
          const { key, ...props } = getItemProps({ index });
          const c = colours.get(v);
          return (
            <Chip
              key={key}
              {...props}
              size="small"
              label={v}
              sx={c?.colorCode ? { bgcolor: c.colorCode, color: c.textColor ?? undefined } : undefined}
            />
          );
        })
      }
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/**
 * The filters above tour and shipment lists and the dashboards: free text (lists only), tags,
 * shippers and the departure date range that the session remembers.
 */
export function EmissionFilterBar({
  filters,
  searchLabel,
}: {
  filters: EmissionFilterState;
  /** Shown for lists; the dashboards have no free text. */
  searchLabel?: string;
}) {
  const { t } = useTranslation('tours');
  const { values } = filters;
  const invalid = rangeInvalid(values);
  return (
    <DatesProvider>
      <Box
        // <search> is not yet in every supported browser's nor the test tools' (aria-query) role table.
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
        role="search"
        aria-label={t('filters.label')}
        sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
        data-testid="emission-filters"
      >
        {searchLabel && (
          <SearchField label={searchLabel} value={values.search} onChange={filters.setSearch} />
        )}
        <SuggestionFilter
          label={t('filters.tags')}
          route={TAG_ROUTES[filters.scope]}
          value={values.tags}
          onChange={filters.setTags}
          testId="filter-tags"
        />
        <SuggestionFilter
          label={t('filters.shippers')}
          route="filterShipmentShippers"
          value={values.shippers}
          onChange={filters.setShippers}
          testId="filter-shippers"
        />
        <DayPicker
          label={t('filters.from')}
          value={values.from}
          onChange={(from) => filters.setRange({ from, to: values.to })}
        />
        <DayPicker
          label={t('filters.to')}
          value={values.to}
          onChange={(to) => filters.setRange({ from: values.from, to })}
          error={invalid}
          helperText={invalid ? t('filters.invalidRange') : undefined}
        />
      </Box>
    </DatesProvider>
  );
}
