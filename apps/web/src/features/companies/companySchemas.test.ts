import { describe, expect, it } from 'vitest';
import '../../components/validation.ts';
import { firstIssues } from '../../test/issues.ts';
import { addressForm, emptyAddress, toAddressBody, type AddressForm } from './companySchemas.ts';

const base: AddressForm = {
  ...emptyAddress(),
  name: 'Spedition Nord GmbH',
  street: 'Hafenstraße 1',
  zipcode: '20457',
  city: 'Hamburg',
};
const messages = (v: AddressForm) => firstIssues(addressForm.safeParse(v).error?.issues ?? []);

describe('unlock address form (seed 000 §5)', () => {
  it('accepts a complete address without billing address; VAT id is optional', () => {
    expect(messages(base)).toEqual({});
  });

  it('requires the company name, at most 255 characters', () => {
    expect(messages({ ...base, name: '' })).toEqual({ name: 'validation.required' });
    expect(messages({ ...base, name: 'x'.repeat(256) })).toEqual({ name: 'validation.maxLength|255' });
    expect(messages({ ...base, name: 'x'.repeat(255) })).toEqual({});
  });

  it('requires a street of at least two characters, zip, city and country', () => {
    expect(messages({ ...base, street: 'A', zipcode: '', city: ' ', country: '' })).toEqual({
      street: 'validation.minLength|2',
      zipcode: 'validation.required',
      city: 'validation.required',
      country: 'validation.required',
    });
  });

  it('limits additional address and VAT id to 255 characters', () => {
    expect(messages({ ...base, additionalAddress: 'x'.repeat(256), vatid: 'y'.repeat(256) })).toEqual({
      additionalAddress: 'validation.maxLength|255',
      vatid: 'validation.maxLength|255',
    });
  });

  it('a different billing address needs name, street, zip, city and country', () => {
    expect(messages({ ...base, customBillingAddress: true })).toEqual({
      'billing.name': 'validation.required',
      'billing.street': 'validation.required',
      'billing.zipcode': 'validation.required',
      'billing.city': 'validation.required',
      'billing.country': 'validation.required',
    });
  });

  it('sends the billing address only when it differs', () => {
    expect(toAddressBody(base).billingAddress).toBeNull();
    const body = toAddressBody({
      ...base,
      vatid: ' DE123456789 ',
      customBillingAddress: true,
      billing: {
        name: 'Buchhaltung',
        street: 'Postfach 1',
        zipcode: '20000',
        city: 'Hamburg',
        additionalAddressLine1: '',
        country: 'de',
        vatId: '',
      },
    });
    expect(body.vatid).toBe('DE123456789');
    expect(body.billingAddress).toEqual({
      name: 'Buchhaltung',
      street: 'Postfach 1',
      zipcode: '20000',
      city: 'Hamburg',
      additionalAddressLine1: null,
      country: 'DE',
      vatId: null,
    });
  });
});
