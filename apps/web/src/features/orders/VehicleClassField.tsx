import type { Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** A GLEC vehicle class of the masters answer: its name, its name in the other language, its region. */
export type VehicleClass = { id: string; name: string; otherName: string; region: string };

/** Lower case without accents, so "Kuhl" finds "Kühl" and "artic" finds "Artic". */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Whether every word typed occurs in the class's German or English name or its region; each word is
 * also tried without spaces, so "40t" finds "40 t".
 */
export function vehicleClassMatches(v: VehicleClass, regionName: string, typed: string): boolean {
  const hay = fold(`${v.name} ${v.otherName} ${v.region} ${regionName}`);
  const compact = hay.replace(/\s+/g, '');
  return fold(typed)
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w) || compact.includes(w));
}

/** The classes grouped by region, the leg's own region first, the factor set's order within each. */
export function orderedClasses(options: VehicleClass[], firstRegion: string | null): VehicleClass[] {
  const regions = [...new Set(options.map((o) => o.region))];
  const order = firstRegion ? [firstRegion, ...regions.filter((r) => r !== firstRegion)] : regions;
  return order.flatMap((r) => options.filter((o) => o.region === r));
}

/**
 * The searchable vehicle class picker of a leg (issue 37): type to filter by German or English name
 * or region, classes grouped by region with the leg's region first.
 */
export function VehicleClassField({
  name,
  label,
  options,
  value,
  firstRegion,
  disabled,
  error,
  helperText,
  onChange,
  onBlur,
  inputRef,
}: {
  name: string;
  label: string;
  options: VehicleClass[];
  value: string;
  firstRegion: string | null;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  onChange: (id: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('orders');
  const regionName = (r: string) => t(`form.vehicleRegion.${r}`, { defaultValue: r });
  const sorted = orderedClasses(options, firstRegion);
  const selected = options.find((o) => o.id === value) ?? null;
  return (
    <Autocomplete<VehicleClass>
      size="small"
      options={sorted}
      value={selected}
      disabled={disabled}
      autoHighlight
      groupBy={(o) => regionName(o.region)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(list, state) =>
        // The picked class's own name in the field is no search.
        state.inputValue === selected?.name
          ? list
          : list.filter((o) => vehicleClassMatches(o, regionName(o.region), state.inputValue))
      }
      noOptionsText={t('form.legs.vehicleNone')}
      onChange={(_e, v) => onChange(v?.id ?? '')}
      onBlur={onBlur}
      slotProps={{ paper: { sx: { minWidth: { sm: 420 } } }, popper: { placement: 'bottom-start' } }}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest} style={{ whiteSpace: 'normal' }}>
            {o.name}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          // A long class name is cut in the field; its title shows it whole.
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, title: selected?.name },
          }}
          name={name}
          label={label}
          required
          inputRef={inputRef}
          error={error}
          helperText={helperText}
        />
      )}
    />
  );
}
