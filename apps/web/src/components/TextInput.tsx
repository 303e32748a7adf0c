import { forwardRef, useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export type TextInputProps = Omit<OutlinedInputProps, 'label'> & {
  label: string;
  helperText?: ReactNode;
  helperRole?: 'status';
  helperColor?: string;
  size?: 'small' | 'medium';
};

/**
 * An outlined text input without the select machinery of TextField; the public pages use it to
 * stay inside the /login bundle budget.
 */
export const TextInput = forwardRef<HTMLDivElement, TextInputProps>(function TextInput(
  {
    label,
    helperText,
    helperRole,
    helperColor,
    error,
    required,
    size = 'small',
    fullWidth = true,
    id,
    ...rest
  },
  ref,
) {
  const auto = useId();
  const inputId = id ?? `in-${auto}`;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl
      ref={ref}
      error={error}
      required={required}
      size={size}
      fullWidth={fullWidth}
      variant="outlined"
    >
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...rest}
        id={inputId}
        label={required ? `${label} *` : label}
        required={required}
        aria-describedby={helperId}
      />
      {helperText && (
        <FormHelperText id={helperId} role={helperRole} sx={helperColor ? { color: helperColor } : undefined}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
});
