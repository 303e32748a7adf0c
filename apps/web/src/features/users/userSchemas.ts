import { z } from 'zod';
import { DEPARTMENTS, PASSWORD_MIN_LENGTH, POSITIONS, SALUTATIONS } from '@klimadesk/contract/constants';
import { ROLES, type Role } from '@klimadesk/contract/platform/roles';
import type { User } from '@klimadesk/contract/platform/schemas';
import { requiredEmail } from '../../components/validation.ts';

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.literal('')]);
const password = z.string().min(1).min(PASSWORD_MIN_LENGTH).max(200);

export const profileForm = z.object({
  salutation: choice(SALUTATIONS),
  title: z.string().trim().max(50),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: requiredEmail,
  phone1: z.string().trim().max(50),
  department: choice(DEPARTMENTS),
  position: choice(POSITIONS),
});
export type ProfileForm = z.infer<typeof profileForm>;

export const passwordChangeForm = z
  .object({ currentPassword: z.string().min(1), password, repeatPassword: z.string().min(1) })
  .refine((v) => v.password === v.repeatPassword, {
    message: 'validation.passwordMismatch',
    path: ['repeatPassword'],
  });

export const adminPasswordForm = z
  .object({ password, repeatPassword: z.string().min(1) })
  .refine((v) => v.password === v.repeatPassword, {
    message: 'validation.passwordMismatch',
    path: ['repeatPassword'],
  });

/** The create/edit user dialog; a new user is invited and sets the password themselves. */
export const userForm = profileForm.extend({
  roles: z.array(z.enum(ROLES)).min(1, 'validation.roleRequired'),
});
export type UserForm = z.infer<typeof userForm>;

export function userToForm(
  u: Pick<
    User,
    'salutation' | 'title' | 'firstName' | 'lastName' | 'email' | 'phone1' | 'department' | 'position'
  >,
): ProfileForm {
  return {
    salutation: u.salutation ?? '',
    title: u.title ?? '',
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone1: u.phone1 ?? '',
    department: u.department ?? '',
    position: u.position ?? '',
  };
}

const nullIfEmpty = (s: string) => (s.trim() === '' ? null : s.trim());

/** PATCH body of the user fields; empty texts clear the field. */
export function toUserPatch(v: ProfileForm) {
  return {
    salutation: v.salutation === '' ? null : v.salutation,
    title: nullIfEmpty(v.title),
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim().toLowerCase(),
    phone1: nullIfEmpty(v.phone1),
    department: v.department === '' ? null : v.department,
    position: v.position === '' ? null : v.position,
  };
}

/** The body of `createUser`. */
export function toCreateUserBody(v: UserForm, language: 'de' | 'en') {
  const p = toUserPatch(v);
  const opt = <T>(x: T | null) => (x === null ? undefined : x);
  return {
    salutation: opt(p.salutation),
    title: opt(p.title),
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phone1: opt(p.phone1),
    department: opt(p.department),
    position: opt(p.position),
    roles: v.roles,
    language,
  };
}

/**
 * Roles the dialog can change: the ones the admin may grant. Roles the user already has but the
 * admin may not grant stay untouched (shown disabled).
 */
export function mergeRoles(
  before: readonly Role[],
  chosen: readonly Role[],
  grantable: readonly Role[],
): Role[] {
  const kept = before.filter((r) => !grantable.includes(r));
  const picked = chosen.filter((r) => grantable.includes(r));
  return ROLES.filter((r) => kept.includes(r) || picked.includes(r));
}
