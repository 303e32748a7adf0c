import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './PasswordField.tsx';
import type { TextInputProps } from './TextInput.tsx';
import { STRENGTH_COLOR, usePasswordStrength } from './passwordStrength.ts';

/**
 * A field for a new password: the password field with a strength hint that also tells when the
 * password is too common to be accepted. Kept apart so /login does not load it.
 */
export const NewPasswordField = forwardRef<HTMLDivElement, TextInputProps>(
  function NewPasswordField(props, ref) {
    const { t } = useTranslation('common');
    const strength = usePasswordStrength(typeof props.value === 'string' ? props.value : '', true);
    const hint = strength && !props.error ? t(`form.strength.${strength}`) : null;
    return (
      <PasswordField
        {...props}
        ref={ref}
        helperText={hint ?? props.helperText}
        helperColor={hint && strength ? STRENGTH_COLOR[strength] : props.helperColor}
      />
    );
  },
);
