import { z } from 'zod';
import { registrationBody } from '@klimadesk/contract/platform/schemas';
import { DEPARTMENTS, PASSWORD_MIN_LENGTH, POSITIONS, SALUTATIONS } from '@klimadesk/contract/constants';
import { requiredEmail } from '../../components/validation.ts';
import { emptyPerson } from '../../components/PersonFields.tsx';

const reg = registrationBody.shape;
const companyShape = reg.company.shape;

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.literal('')]);

export const newPassword = z
  .object({
    password: z.string().min(1).min(PASSWORD_MIN_LENGTH).max(200),
    repeatPassword: z.string().min(1),
  })
  .refine((v) => v.password === v.repeatPassword, {
    message: 'validation.passwordMismatch',
    path: ['repeatPassword'],
  });

/** The registration wizard, one schema per step (seed 000 §2: personal, company, password, terms). */
export const registrationSteps = {
  personal: z.object({
    salutation: z.enum(SALUTATIONS),
    title: z.string().trim().max(50),
    firstName: reg.firstName,
    lastName: reg.lastName,
    email: requiredEmail,
    phone1: z.string().trim().max(50),
    department: optionalChoice(DEPARTMENTS),
    position: optionalChoice(POSITIONS),
  }),
  company: z.object({
    company: z.object({
      name: companyShape.name,
      street: z.string().trim().min(1).min(2).max(255),
      zipcode: companyShape.zipcode,
      city: companyShape.city,
      country: z.string().min(1),
    }),
    isCarrier: z.boolean(),
  }),
  password: newPassword,
  terms: z.object({
    acceptTerms: z.boolean().refine((v) => v, 'validation.acceptTerms'),
    marketingConsent: z.boolean(),
  }),
};

export const STEP_FIELDS = {
  personal: ['salutation', 'title', 'firstName', 'lastName', 'email', 'phone1', 'department', 'position'],
  company: [
    'company.name',
    'company.street',
    'company.zipcode',
    'company.city',
    'company.country',
    'isCarrier',
  ],
  password: ['password', 'repeatPassword'],
  terms: ['acceptTerms', 'marketingConsent'],
} as const;

export const registrationForm = registrationSteps.personal
  .extend(registrationSteps.company.shape)
  .extend({
    password: z.string().min(1).min(PASSWORD_MIN_LENGTH).max(200),
    repeatPassword: z.string().min(1),
  })
  .extend(registrationSteps.terms.shape)
  .refine((v) => v.password === v.repeatPassword, {
    message: 'validation.passwordMismatch',
    path: ['repeatPassword'],
  });

export type RegistrationForm = z.input<typeof registrationForm>;

export const emptyRegistration: RegistrationForm = {
  ...emptyPerson,
  salutation: '' as RegistrationForm['salutation'],
  company: { name: '', street: '', zipcode: '', city: '', country: 'DE' },
  isCarrier: true,
  password: '',
  repeatPassword: '',
  acceptTerms: false,
  marketingConsent: false,
};

/** The request body of the `register` route (company registration). */
export function toRegistrationBody(v: RegistrationForm, language: 'de' | 'en') {
  const opt = (s: string) => (s.trim() === '' ? undefined : s.trim());
  return {
    salutation: v.salutation,
    title: opt(v.title),
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim().toLowerCase(),
    password: v.password,
    phone1: opt(v.phone1),
    company: { ...v.company, country: v.company.country.toUpperCase() },
    isCarrier: v.isCarrier,
    department: v.department === '' ? undefined : v.department,
    position: v.position === '' ? undefined : v.position,
    marketingConsent: v.marketingConsent,
    acceptTerms: v.acceptTerms,
    language,
  };
}

export const requestResetForm = z.object({ email: requiredEmail });
