import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The name a dialog asks for outside the form kit: required, focused first, at most 100
 * characters. Its error shows once the field was left (`touched`), the hint until then.
 */
export function NameField({
  label,
  value,
  onChange,
  touched,
  onBlur,
  error,
  hint,
  sx,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  touched: boolean;
  onBlur: () => void;
  error: string | null;
  hint: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      label={label}
      required
      // A dialog moves focus into itself on opening, to its first field (WAI-ARIA APG dialog pattern).
      // oxlint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      error={touched && !!error}
      helperText={touched && error ? error : hint}
      slotProps={{ htmlInput: { maxLength: 100 } }}
      sx={sx}
    />
  );
}
