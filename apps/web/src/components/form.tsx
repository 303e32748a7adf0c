import type { ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { queryOptions, type Answer } from '../app/client.ts';
import { NewPasswordField } from './NewPasswordField.tsx';
import { PasswordField } from './PasswordField.tsx';
import { errorMessage } from './validation.ts';

type Base<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
};

/**
 * What a text field bound to react-hook-form gets from its controller: name, value, events and ref,
 * the label with the asterisk, and the translated error in place of the hint while there is one.
 */
function boundField<T extends FieldValues>(
  { field, fieldState }: { field: ControllerRenderProps<T, FieldPath<T>>; fieldState: ControllerFieldState },
  { label, required, helperText }: { label: string; required?: boolean; helperText?: ReactNode },
  t: Parameters<typeof errorMessage>[0],
) {
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    label,
    required,
    error: !!fieldState.error,
    helperText: errorMessage(t, fieldState.error?.message) ?? helperText,
  };
}

/** Text input bound to react-hook-form; `required` adds the asterisk (seed 000 §5). */
export function FormText<T extends FieldValues>({
  control,
  name,
  label,
  required,
  password,
  strength,
  ...rest
}: Base<T> & { password?: boolean; strength?: boolean } & Omit<
    TextFieldProps,
    'name' | 'label' | 'required'
  >) {
  const { t } = useTranslation('common');
  return (
    <Controller
      control={control}
      name={name}
      render={(state) => {
        const bound = boundField(state, { label, required, helperText: rest.helperText }, t);
        if (password) {
          const Field = strength ? NewPasswordField : PasswordField;
          return (
            <Field
              {...bound}
              autoComplete={rest.autoComplete}
              // Passes the caller's choice through; the callers' own autoFocus are checked where they set it.
              // oxlint-disable-next-line jsx-a11y/no-autofocus
              autoFocus={rest.autoFocus}
              size={rest.size === 'medium' ? 'medium' : 'small'}
            />
          );
        }
        return <TextField {...rest} {...bound} />;
      }}
    />
  );
}

/**
 * The new password with its rule and strength meter, then the field that repeats it: every form that
 * sets a password asks for both, as `password` and `repeatPassword` (the schema checks they match).
 */
export function FormNewPassword<T extends FieldValues>({
  control,
  label,
  repeatLabel,
  size,
  autoFocus,
}: {
  control: Control<T>;
  label: string;
  repeatLabel: string;
  size?: 'small' | 'medium';
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      {(['password', 'repeatPassword'] as const).map((name) => {
        // Only the first field gets the rule, the strength meter and the focus.
        const first = name === 'password';
        return (
          <FormText
            key={name}
            control={control}
            name={name as FieldPath<T>}
            label={first ? label : repeatLabel}
            required
            password
            // Passes the caller's choice through; the callers' own autoFocus are checked where they set it.
            // oxlint-disable-next-line jsx-a11y/no-autofocus
            autoFocus={first ? autoFocus : undefined}
            autoComplete="new-password"
            helperText={first ? t('form.passwordRule') : undefined}
            strength={first}
            size={size}
          />
        );
      })}
    </>
  );
}

export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  required,
  options,
  emptyLabel,
  ...rest
}: Base<T> & {
  options: { value: string; label: string }[];
  /** Adds an empty choice for optional selects. */
  emptyLabel?: string;
} & Omit<TextFieldProps, 'name' | 'label' | 'required' | 'select'>) {
  const { t } = useTranslation('common');
  return (
    <Controller
      control={control}
      name={name}
      render={(state) => (
        <TextField
          {...rest}
          select
          {...boundField(state, { label, required, helperText: rest.helperText }, t)}
        >
          {emptyLabel !== undefined && (
            <MenuItem value="">
              <em>{emptyLabel}</em>
            </MenuItem>
          )}
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  label,
  required,
}: Omit<Base<T>, 'label'> & { label: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={!!fieldState.error} required={required}>
          <FormControlLabel
            control={
              <Checkbox
                name={field.name}
                checked={!!field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { 'aria-required': required || undefined } }}
              />
            }
            label={label}
          />
          {fieldState.error && <FormHelperText>{errorMessage(t, fieldState.error.message)}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** An on/off right or setting bound to react-hook-form, as a switch with its label. */
export function FormSwitch<T extends FieldValues>({ control, name, label }: Omit<Base<T>, 'required'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
          label={label}
        />
      )}
    />
  );
}

export type Country = Answer<'countries'>['hydra:member'][number];

export function useCountries() {
  const { i18n } = useTranslation();
  return useQuery({
    ...queryOptions('countries', undefined, { ignoreSessionInvalid: true }),
    // Country names come in the request language.
    queryKey: ['countries', i18n.language],
    staleTime: Infinity,
    select: (d) => d['hydra:member'],
  });
}

/** Country picker with type-ahead over the server's country list (names in the UI language). */
export function FormCountry<T extends FieldValues>({ control, name, label, required }: Base<T>) {
  const { t } = useTranslation('common');
  const { data = [] } = useCountries();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={data}
          value={data.find((c) => c.code === field.value) ?? null}
          onChange={(_e, v) => field.onChange(v?.code ?? '')}
          onBlur={field.onBlur}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.code === b.code}
          autoHighlight
          size="small"
          renderInput={(params) => (
            <TextField
              {...params}
              name={field.name}
              inputRef={field.ref}
              label={label}
              required={required}
              error={!!fieldState.error}
              helperText={errorMessage(t, fieldState.error?.message)}
            />
          )}
        />
      )}
    />
  );
}

/** The save button at the end of a form, usable once something changed and not while saving. */
export function SaveRow({
  formState,
  fullRow,
}: {
  formState: { isSubmitting: boolean; isDirty: boolean };
  /** In a form laid out as a grid: over the whole row. */
  fullRow?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ ...(fullRow ? { gridColumn: '1 / -1' } : {}), display: 'flex', justifyContent: 'flex-end' }}>
      <Button type="submit" variant="contained" disabled={formState.isSubmitting || !formState.isDirty}>
        {t('actions.save')}
      </Button>
    </Box>
  );
}
