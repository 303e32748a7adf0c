/**
 * Login needs a valid e-mail and a password (seed 000 §5). Checked without a schema library so
 * the login page stays small; the messages are the same `validation.*` keys as everywhere else.
 */
export type LoginForm = { username: string; password: string };
export type LoginErrors = Partial<Record<keyof LoginForm, string>>;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin(v: LoginForm): LoginErrors {
  const errors: LoginErrors = {};
  const email = v.username.trim();
  if (!email) errors.username = 'validation.required';
  else if (!EMAIL_PATTERN.test(email) || email.length > 180) errors.username = 'validation.email';
  if (!v.password) errors.password = 'validation.required';
  return errors;
}
