import { describe, expect, it } from 'vitest';
import '../../components/validation.ts';
import { firstIssues } from '../../test/issues.ts';
import { validateLogin } from './loginSchema.ts';
import { newPassword, registrationSteps, toRegistrationBody, emptyRegistration } from './schemas.ts';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  firstIssues(r.error?.issues ?? []);

describe('login validation', () => {
  it('needs a valid e-mail and a password', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: 'validation.required',
      password: 'validation.required',
    });
    expect(validateLogin({ username: 'anna@', password: 'x' })).toEqual({ username: 'validation.email' });
    expect(validateLogin({ username: ' anna@example.org ', password: 'x' })).toEqual({});
  });
});

describe('new password', () => {
  it('needs at least 6 characters and the same repetition', () => {
    expect(messages(newPassword.safeParse({ password: '', repeatPassword: '' }))).toEqual({
      password: 'validation.required',
      repeatPassword: 'validation.required',
    });
    expect(messages(newPassword.safeParse({ password: '12345', repeatPassword: '12345' }))).toEqual({
      password: 'validation.minLength|6',
    });
    expect(messages(newPassword.safeParse({ password: '123456', repeatPassword: '123457' }))).toEqual({
      repeatPassword: 'validation.passwordMismatch',
    });
    expect(newPassword.safeParse({ password: '123456', repeatPassword: '123456' }).success).toBe(true);
  });
});

describe('registration steps', () => {
  it('personal: salutation, names and a valid e-mail are mandatory; the rest is optional', () => {
    const r = registrationSteps.personal.safeParse({ ...emptyRegistration });
    expect(messages(r)).toEqual({
      salutation: 'validation.required',
      firstName: 'validation.required',
      lastName: 'validation.required',
      email: 'validation.required',
    });
    const ok = registrationSteps.personal.safeParse({
      ...emptyRegistration,
      salutation: 'mr',
      firstName: 'Max',
      lastName: 'Muster',
      email: 'max@example.org',
    });
    expect(ok.success).toBe(true);
  });

  it('company: street needs two characters, zip, city and country are required', () => {
    const r = registrationSteps.company.safeParse({
      company: { name: 'Nord', street: 'A', zipcode: '', city: '', country: '' },
      isCarrier: false,
    });
    expect(messages(r)).toEqual({
      'company.street': 'validation.minLength|2',
      'company.zipcode': 'validation.required',
      'company.city': 'validation.required',
      'company.country': 'validation.required',
    });
  });

  it('terms must be accepted', () => {
    expect(
      messages(registrationSteps.terms.safeParse({ acceptTerms: false, marketingConsent: false })),
    ).toEqual({ acceptTerms: 'validation.acceptTerms' });
  });

  it('builds the request body without empty optional fields', () => {
    const body = toRegistrationBody(
      {
        ...emptyRegistration,
        salutation: 'mx',
        firstName: ' Kim ',
        lastName: 'Lee',
        email: 'KIM@Example.org',
        password: 'abcdef',
        repeatPassword: 'abcdef',
        acceptTerms: true,
        company: { name: 'X', street: 'Weg 1', zipcode: '1', city: 'Y', country: 'de' },
      },
      'en',
    );
    expect(body).toMatchObject({
      firstName: 'Kim',
      email: 'kim@example.org',
      company: { country: 'DE' },
      language: 'en',
      acceptTerms: true,
    });
    expect(body).not.toHaveProperty('repeatPassword');
    expect(body.title).toBeUndefined();
    expect(body.department).toBeUndefined();
  });
});
