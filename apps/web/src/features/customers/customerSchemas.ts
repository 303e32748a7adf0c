import { z } from 'zod';
import { type Language, PASSWORD_MIN_LENGTH } from '@klimadesk/contract/constants';
import { MODULES, type ModuleCode } from '@klimadesk/contract/platform/roles';
import type { Company } from '@klimadesk/contract/platform/schemas';
import { centsToEuros } from '@klimadesk/contract/customers/schemas';
import { typedCents } from '../../components/format.ts';
import { emptyPerson } from '../../components/PersonFields.tsx';
import { addressForm, companyToAddress, emptyAddress, toAddressBody } from '../companies/companySchemas.ts';
import { profileForm, toUserPatch } from '../users/userSchemas.ts';

const nullIfEmpty = (s: string) => (s.trim() === '' ? null : s.trim());

/** The customer fields both dialogs share: address, contact, modules and edition. */
const customerFields = {
  address: addressForm,
  phone1: z.string().trim().max(50),
  email: z.union([z.literal(''), z.string().trim().max(180).pipe(z.email())]),
  communicationLanguage: z.enum(['de', 'en']),
  modules: z.array(z.enum(MODULES)).min(1, 'customers:dialog.modulesRequired'),
  isBasic: z.boolean(),
  isPayingCustomer: z.boolean(),
};

export const editCustomerForm = z.object(customerFields);
export type EditCustomerForm = z.infer<typeof editCustomerForm>;

/**
 * A new customer also brings its first admin (seed 002 §7: POST /companies carries company, user,
 * module). The admin's person and password fields sit at the top, as the shared person and
 * password fields expect them; the company is under `customer`.
 */
export const createCustomerForm = profileForm
  .extend({
    password: z.string().min(1).min(PASSWORD_MIN_LENGTH).max(200),
    repeatPassword: z.string().min(1),
    customer: editCustomerForm,
  })
  .refine((v) => v.password === v.repeatPassword, {
    message: 'validation.passwordMismatch',
    path: ['repeatPassword'],
  });
export type CreateCustomerForm = z.infer<typeof createCustomerForm>;

export function emptyCustomer(module: ModuleCode | null): CreateCustomerForm {
  return {
    ...emptyPerson,
    password: '',
    repeatPassword: '',
    customer: {
      address: emptyAddress(),
      phone1: '',
      email: '',
      communicationLanguage: 'de',
      modules: module ? [module] : ['cft'],
      isBasic: false,
      isPayingCustomer: false,
    },
  };
}

export function customerToForm(c: Company): EditCustomerForm {
  return {
    address: companyToAddress(c),
    phone1: c.phone1 ?? '',
    email: c.email ?? '',
    communicationLanguage: c.communicationLanguage,
    modules: c.modules,
    isBasic: c.isBasic,
    isPayingCustomer: c.isPayingCustomer,
  };
}

/** PATCH /companies/{id}: address, contact and the commercial fields only the platform admin sets. */
export function toCustomerPatch(v: EditCustomerForm) {
  return {
    ...toAddressBody(v.address),
    phone1: nullIfEmpty(v.phone1),
    email: nullIfEmpty(v.email),
    communicationLanguage: v.communicationLanguage,
    modules: v.modules,
    isBasic: v.isBasic,
    isPayingCustomer: v.isPayingCustomer,
  };
}

/** POST /companies: the company, its first admin (roles follow from the modules) and the modules. */
export function toCreateCustomerBody(v: CreateCustomerForm) {
  const person = toUserPatch(v);
  const opt = <T>(x: T | null) => (x === null ? undefined : x);
  const { modules, ...company } = toCustomerPatch(v.customer);
  return {
    company: {
      ...company,
      additionalAddress: opt(company.additionalAddress),
      vatid: opt(company.vatid),
      phone1: opt(company.phone1),
      email: opt(company.email),
      billingAddress: opt(company.billingAddress),
    },
    user: {
      salutation: opt(person.salutation),
      title: opt(person.title),
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      phone1: opt(person.phone1),
      department: opt(person.department),
      position: opt(person.position),
      password: v.password,
      language: v.customer.communicationLanguage,
    },
    module: modules,
  };
}

/**
 * A euro amount typed in the sales dialog as the wire text: German reads "1.234,56", English
 * "1,234.56"; a non-number is 0, rounded to cents, never below 0 (seed 002 §5, `typedCents`).
 */
export function typedToEuros(input: string, lang: Language): string {
  return centsToEuros(typedCents(input, lang));
}

/** `YYYY-MM-01` → `YYYY-MM` and back. */
export const monthOf = (day: string) => day.slice(0, 7);
export const firstDayOf = (month: string) => `${month}-01`;
