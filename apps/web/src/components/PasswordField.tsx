import { forwardRef, useState, type KeyboardEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from './TextInput.tsx';

/** Password input with a show/hide toggle and a caps-lock warning (seed 000 §8). */
export const PasswordField = forwardRef<HTMLDivElement, TextInputProps>(function PasswordField(props, ref) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const checkCaps = (e: KeyboardEvent) => setCapsLock(e.getModifierState?.('CapsLock') ?? false);
  return (
    <TextInput
      {...props}
      ref={ref}
      type={visible ? 'text' : 'password'}
      onKeyDown={(e) => {
        checkCaps(e);
        props.onKeyDown?.(e);
      }}
      onKeyUp={(e) => {
        checkCaps(e);
        props.onKeyUp?.(e);
      }}
      onBlur={(e) => {
        setCapsLock(false);
        props.onBlur?.(e);
      }}
      helperText={capsLock ? t('form.capsLock') : props.helperText}
      helperRole={capsLock ? 'status' : undefined}
      helperColor={capsLock && !props.error ? 'warning.dark' : props.helperColor}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
            onClick={() => setVisible((v) => !v)}
            edge="end"
            size="small"
          >
            {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
});
