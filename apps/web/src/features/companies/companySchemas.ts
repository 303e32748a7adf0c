import { z } from 'zod';
import type { Company } from '@klimadesk/contract/platform/schemas';

/** Above this length the company name shows a character counter (seed 000 §5). */
export const NAME_COUNTER_FROM = 180;
export const NAME_MAX = 255;

const optionalText = z.string().trim().max(255);

/**
 * Company and billing address of the unlock wizard and the company page (seed 000 §5): name
 * required (max 255), street at least 2 characters, zip, city and country required; a different
 * billing address needs name, street, zip, city and country; additional address and VAT id optional.
 */
export const addressForm = z
  .object({
    name: z.string().trim().min(1).max(NAME_MAX),
    street: z.string().trim().min(1).min(2).max(255),
    zipcode: z.string().trim().min(1).max(20),
    city: z.string().trim().min(1).max(100),
    additionalAddress: optionalText,
    country: z.string().trim().min(1),
    vatid: optionalText,
    customBillingAddress: z.boolean(),
    billing: z.object({
      name: z.string().trim().max(255),
      street: z.string().trim().max(255),
      zipcode: z.string().trim().max(20),
      city: z.string().trim().max(100),
      additionalAddressLine1: optionalText,
      country: z.string().trim(),
      vatId: optionalText,
    }),
  })
  .superRefine((v, ctx) => {
    if (!v.customBillingAddress) return;
    const need = (field: 'name' | 'street' | 'zipcode' | 'city' | 'country') => {
      if (!v.billing[field])
        ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['billing', field] });
    };
    need('name');
    need('street');
    need('zipcode');
    need('city');
    need('country');
    if (v.billing.street && v.billing.street.length < 2) {
      ctx.addIssue({ code: 'custom', message: 'validation.minLength|2', path: ['billing', 'street'] });
    }
  });
export type AddressForm = z.infer<typeof addressForm>;

export const companyForm = z.object({
  address: addressForm,
  phone1: z.string().trim().max(50),
  telefax: z.string().trim().max(50),
  email: z.union([z.literal(''), z.string().trim().max(180).pipe(z.email())]),
  communicationLanguage: z.enum(['de', 'en']),
});
export type CompanyForm = z.infer<typeof companyForm>;

const nullIfEmpty = (s: string) => (s.trim() === '' ? null : s.trim());

/** A new company's address, in Germany and without a billing address of its own. */
export function emptyAddress(): AddressForm {
  return {
    name: '',
    street: '',
    zipcode: '',
    city: '',
    additionalAddress: '',
    country: 'DE',
    vatid: '',
    customBillingAddress: false,
    billing: {
      name: '',
      street: '',
      zipcode: '',
      city: '',
      additionalAddressLine1: '',
      country: '',
      vatId: '',
    },
  };
}

export function companyToAddress(c: Company): AddressForm {
  const b = c.billingAddress;
  return {
    name: c.name,
    street: c.street,
    zipcode: c.zipcode,
    city: c.city,
    additionalAddress: c.additionalAddress ?? '',
    country: c.country ?? '',
    vatid: c.vatid ?? '',
    customBillingAddress: c.customBillingAddress,
    billing: {
      name: b?.name ?? '',
      street: b?.street ?? '',
      zipcode: b?.zipcode ?? '',
      city: b?.city ?? '',
      additionalAddressLine1: b?.additionalAddressLine1 ?? '',
      country: b?.country ?? '',
      vatId: b?.vatId ?? '',
    },
  };
}

/** The address part of PATCH /companies/{id} and PATCH /companies/{id}/unlock. */
export function toAddressBody(v: AddressForm) {
  return {
    name: v.name.trim(),
    street: v.street.trim(),
    zipcode: v.zipcode.trim(),
    city: v.city.trim(),
    additionalAddress: nullIfEmpty(v.additionalAddress),
    country: v.country.toUpperCase(),
    vatid: nullIfEmpty(v.vatid),
    customBillingAddress: v.customBillingAddress,
    billingAddress: v.customBillingAddress
      ? {
          name: v.billing.name.trim(),
          street: v.billing.street.trim(),
          zipcode: v.billing.zipcode.trim(),
          city: v.billing.city.trim(),
          additionalAddressLine1: nullIfEmpty(v.billing.additionalAddressLine1),
          country: v.billing.country.toUpperCase(),
          vatId: nullIfEmpty(v.billing.vatId),
        }
      : null,
  };
}
