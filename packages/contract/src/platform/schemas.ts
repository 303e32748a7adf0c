import { z } from 'zod';
import {
  DEPARTMENTS,
  EMAIL_NOTIFICATION_DELAYS,
  LANGUAGES,
  PASSWORD_MIN_LENGTH,
  POSITIONS,
  SALUTATIONS,
} from '../constants.ts';
import { MODULES, ROLES } from './roles.ts';
import { queryBoolean } from '../http.ts';

const text = (max = 255) => z.string().trim().max(max);
const required = (max = 255) => z.string().trim().min(1).max(max);

export const email = z.string().trim().toLowerCase().max(180).pipe(z.email());
export const password = z.string().min(PASSWORD_MIN_LENGTH).max(200);
export const language = z.enum(LANGUAGES);
export const role = z.enum(ROLES);
export const moduleCode = z.enum(MODULES);
export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/)
  .transform((c) => c.toUpperCase());

/** Links may use only http, https, mailto or tel (seed 000 §5). */
export const safeUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^(https?:\/\/|mailto:|tel:)/i.test(v), 'invalidLink');

export const loginBody = z.strictObject({ username: email, password: z.string().min(1).max(200) });
export const loginResponse = z.object({ token: z.string() });

export const registrationBody = z.strictObject({
  salutation: z.enum(SALUTATIONS),
  title: text(50).optional(),
  firstName: required(100),
  lastName: required(100),
  email,
  password,
  phone1: text(50).optional(),
  company: z.strictObject({
    name: required(255),
    street: z.string().trim().min(2).max(255),
    zipcode: required(20),
    city: required(100),
    country: countryCode,
  }),
  isCarrier: z.boolean(),
  department: z.enum(DEPARTMENTS).optional(),
  position: z.enum(POSITIONS).optional(),
  marketingConsent: z.boolean().default(false),
  acceptTerms: z.boolean(),
  language: language.optional(),
});
export type RegistrationBody = z.input<typeof registrationBody>;

export const tokenBody = z.strictObject({ token: z.string().min(10).max(200) });
export const requestResetBody = z.strictObject({ email, lang: language.optional() });
export const resetPasswordBody = z.strictObject({ password, repeatPassword: z.string().optional() });
export const supportMessageBody = z.strictObject({
  subject: required(200),
  message: required(5000),
});
export const impersonateBody = z.strictObject({ username: email });

/**
 * Deleting or changing a user: `revokeApiKeys=true` also revokes the API keys the user created
 * (offboarding an admin; company admins only, as API keys are theirs).
 */
export const offboardingQuery = z.strictObject({ revokeApiKeys: queryBoolean.optional() });

export const userPreference = z.object({
  language,
  emailNotificationDelay: z.enum(EMAIL_NOTIFICATION_DELAYS),
  isEmailNotificationEnabled: z.boolean(),
  csrdLastCsrdScopeName: z.string().nullable(),
  csrdLastReportId: z.string().nullable(),
  csrdLastMaScopeName: z.string().nullable(),
  csrdLastMaId: z.string().nullable(),
});
export type UserPreference = z.infer<typeof userPreference>;
export const userPreferenceBody = userPreference.partial().strict();

export const sessionConfig = z.object({
  tourStartDate: z.string().nullable().optional(),
  tourEndDate: z.string().nullable().optional(),
  shipmentStartDate: z.string().nullable().optional(),
  shipmentEndDate: z.string().nullable().optional(),
});

export const billingAddress = z.object({
  name: z.string(),
  street: z.string(),
  zipcode: z.string(),
  city: z.string(),
  additionalAddressLine1: z.string().nullable(),
  country: z.string(),
  vatId: z.string().nullable(),
});

/**
 * Regions of emission factors a company may add to Europe (road, rail and inland waterway types of
 * Europe and the global sea and air types are always shown).
 */
export const FACTOR_REGIONS = ['India', 'North America'] as const;
export type FactorRegion = (typeof FACTOR_REGIONS)[number];

export const companySummary = z.object({
  id: z.uuid(),
  name: z.string(),
  isBasic: z.boolean(),
  unlocked: z.boolean(),
  modules: z.array(moduleCode),
  /**
   * Per booked module: booked, or in a trial (a time-limited free tariff) until `trialEnd`
   * (`YYYY-MM-DD`). Empty for a company without bookings (it keeps its stored modules).
   */
  moduleBookings: z
    .array(
      z.object({
        module: moduleCode,
        state: z.enum(['booked', 'trial']),
        trialEnd: z.string().nullable(),
      }),
    )
    .optional(),
});

/** The stored logo of a company (its bytes at `GET /api/companies/{id}/logo`). */
export const companyLogo = z.object({
  mimeType: z.enum(['image/png', 'image/jpeg']),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  updatedAt: z.string(),
});
export type CompanyLogo = z.infer<typeof companyLogo>;

export const company = z.object({
  id: z.uuid(),
  name: z.string(),
  street: z.string(),
  zipcode: z.string(),
  city: z.string(),
  additionalAddress: z.string().nullable(),
  country: z.string().nullable(),
  phone1: z.string().nullable(),
  telefax: z.string().nullable(),
  email: z.string().nullable(),
  customBillingAddress: z.boolean(),
  billingAddress: billingAddress.nullable(),
  communicationLanguage: language,
  /** Factor regions beyond Europe whose vehicle types the company sees (issue 14). */
  factorRegions: z.array(z.enum(FACTOR_REGIONS)),
  externalLink: z.object({ name: z.string(), url: z.string() }).nullable(),
  vatid: z.string().nullable(),
  modules: z.array(moduleCode),
  isBasic: z.boolean(),
  isPayingCustomer: z.boolean(),
  unlocked: z.boolean(),
  unlockedAt: z.string().nullable(),
  customerNr: z.number().int(),
  initialModule: moduleCode.nullable(),
  taxType: z.enum(['RESTRICTED', 'DEMO', 'EXPIRED']).nullable(),
  taxDemoEnd: z.string().nullable(),
  adminUsers: z.array(z.object({ id: z.uuid(), email: z.string(), name: z.string() })),
  /** The logo every document of the company shows in its header; null without one. */
  logo: companyLogo.nullable(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof company>;

export const user = z.object({
  id: z.uuid(),
  email: z.string(),
  salutation: z.enum(SALUTATIONS).nullable(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  initials: z.string(),
  phone1: z.string().nullable(),
  telefax: z.string().nullable(),
  department: z.enum(DEPARTMENTS).nullable(),
  position: z.enum(POSITIONS).nullable(),
  licenceNr: z.string().nullable(),
  street: z.string().nullable(),
  zipcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  roles: z.array(role),
  status: z.number().int(),
  isVerified: z.boolean(),
  introShown: z.boolean(),
  releaseNotesShown: z.string().nullable(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  groupId: z.uuid().nullable(),
  userPreference,
});
export type User = z.infer<typeof user>;

export const me = user.extend({
  company: companySummary,
  routes: z.array(z.string()),
  module: moduleCode.nullable(),
  modules: z.array(moduleCode),
  home: z.string(),
  grantableRoles: z.array(role),
  impersonator: z.object({ id: z.uuid(), email: z.string() }).nullable(),
  sessionConfig,
});
export type Me = z.infer<typeof me>;

/** Roles may arrive as a JSON string (seed 000 §7) or as an array. */
export const rolesInput = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, z.array(role).max(ROLES.length));

const userFields = {
  salutation: z.enum(SALUTATIONS).nullable(),
  title: text(50).nullable(),
  firstName: required(100),
  lastName: required(100),
  phone1: text(50).nullable(),
  telefax: text(50).nullable(),
  department: z.enum(DEPARTMENTS).nullable(),
  position: z.enum(POSITIONS).nullable(),
  licenceNr: text(50).nullable(),
  street: text().nullable(),
  zipcode: text(20).nullable(),
  city: text(100).nullable(),
  country: countryCode.nullable(),
};

export const createUserBody = z.strictObject({
  ...userFields,
  salutation: userFields.salutation.optional(),
  title: userFields.title.optional(),
  phone1: userFields.phone1.optional(),
  telefax: userFields.telefax.optional(),
  department: userFields.department.optional(),
  position: userFields.position.optional(),
  licenceNr: userFields.licenceNr.optional(),
  street: userFields.street.optional(),
  zipcode: userFields.zipcode.optional(),
  city: userFields.city.optional(),
  country: userFields.country.optional(),
  email,
  /** Without a password the user is invited by e-mail and sets one with the link (issue 37). */
  password: password.optional(),
  roles: rolesInput,
  language: language.optional(),
  /** Target company; only the platform admin may name another company. */
  companyId: z.uuid().optional(),
});

export const updateUserBody = z.strictObject({
  ...Object.fromEntries(Object.entries(userFields).map(([k, v]) => [k, v.optional()])),
  email: email.optional(),
  password: password.optional(),
  currentPassword: z.string().max(200).optional(),
  roles: rolesInput.optional(),
}) as z.ZodObject<
  {
    [K in keyof typeof userFields]: z.ZodOptional<(typeof userFields)[K]>;
  } & {
    email: z.ZodOptional<typeof email>;
    password: z.ZodOptional<typeof password>;
    currentPassword: z.ZodOptional<z.ZodString>;
    roles: z.ZodOptional<typeof rolesInput>;
  }
>;

export const userGroupRights = z.object({
  /**
   * Taxonomy (seed 001 §6): `years` limits the group to these tax years (absent or null: all
   * financial years); `reviewYears` grants review (read) access to those years while in review.
   */
  tax: z
    .object({
      read: z.boolean(),
      write: z.boolean(),
      years: z.array(z.number().int().min(1900).max(2100)).max(200).nullable(),
      reviewYears: z.array(z.number().int().min(1900).max(2100)).max(200),
    })
    .partial()
    .default({}),
  cfc: z
    .array(
      z.object({
        businessUnit: z.string().max(100),
        report: z.string().max(100).nullable(),
        write: z.boolean(),
      }),
    )
    .default([]),
  /** Freight: shipment-tag filters restricting the allowed shippers. */
  cft: z
    .object({ shipperFilters: z.array(z.string().max(200)).max(500) })
    .partial()
    .default({}),
});

export const userGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  activeModules: z.array(z.enum(['cfc', 'cft', 'tax'])),
  rights: userGroupRights,
  users: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() })),
  createdAt: z.string(),
});

export const userGroupBody = z.strictObject({
  name: required(100),
  activeModules: z.array(z.enum(['cfc', 'cft', 'tax'])).default([]),
  rights: userGroupRights.optional(),
  users: z.array(z.uuid()).max(1000).default([]),
});

export const accessRight = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  businessUnit: z.string().nullable(),
  report: z.string().nullable(),
  accessRights: z.array(z.enum(['read', 'write'])),
});
export const accessRightBody = z.strictObject({
  groupId: z.uuid(),
  businessUnit: text(100).nullable().optional(),
  report: text(100).nullable().optional(),
  accessRights: z.array(z.enum(['read', 'write'])).min(1),
});
export const accessRightsForGroupBody = z.strictObject({
  rights: z
    .array(
      z.strictObject({
        businessUnit: text(100).nullable().optional(),
        report: text(100).nullable().optional(),
        accessRights: z.array(z.enum(['read', 'write'])).min(1),
      }),
    )
    .max(1000),
});

export const companyAddressFields = z.strictObject({
  name: required(255),
  street: z.string().trim().min(2).max(255),
  zipcode: required(20),
  city: required(100),
  additionalAddress: text().nullable().optional(),
  country: countryCode,
  phone1: text(50).nullable().optional(),
  telefax: text(50).nullable().optional(),
  email: email.nullable().optional(),
  vatid: text().nullable().optional(),
  communicationLanguage: language.optional(),
  externalLink: z
    .object({ name: required(100), url: safeUrl })
    .nullable()
    .optional(),
  customBillingAddress: z.boolean().optional(),
  billingAddress: z
    .strictObject({
      name: required(255),
      street: z.string().trim().min(2).max(255),
      zipcode: required(20),
      city: required(100),
      additionalAddressLine1: text().nullable().optional(),
      country: countryCode,
      vatId: text().nullable().optional(),
    })
    .nullable()
    .optional(),
});

export const updateCompanyBody = companyAddressFields.partial().extend({
  factorRegions: z.array(z.enum(FACTOR_REGIONS)).max(FACTOR_REGIONS.length).optional(),
  // Commercial fields only the platform admin may change.
  modules: z.array(moduleCode).optional(),
  isBasic: z.boolean().optional(),
  isPayingCustomer: z.boolean().optional(),
  initialModule: moduleCode.nullable().optional(),
});

/** The unlock wizard (seed 000 §5): company and billing data and the accepted terms. */
export const unlockBody = companyAddressFields
  .pick({
    name: true,
    street: true,
    zipcode: true,
    city: true,
    additionalAddress: true,
    country: true,
    vatid: true,
    customBillingAddress: true,
    billingAddress: true,
  })
  .extend({ acceptTerms: z.literal(true) });

export const createCompanyBody = z.strictObject({
  company: companyAddressFields.extend({
    isBasic: z.boolean().default(false),
    isPayingCustomer: z.boolean().default(false),
  }),
  user: createUserBody
    .omit({ companyId: true, roles: true })
    .extend({ roles: rolesInput.optional(), password }),
  module: z.array(moduleCode).min(1).default(['cft']),
});

export const country = z.object({ code: z.string(), name: z.string() });

/** A release version (seed 002 "Release"); released is 0 or 1. */
/**
 * A module of the platform (seed 002 §3 Module), named in the request language: `booked` when the
 * own company has it, `selectable` when the user may switch to it (roles and booking, `userModules`).
 */
export const moduleInfo = z.object({
  code: moduleCode,
  name: z.string(),
  booked: z.boolean(),
  selectable: z.boolean(),
});

export const outboxMail = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const companyAdminMailBody = z.strictObject({
  companyId: z.uuid().optional(),
  subject: required(200),
  message: required(5000),
});
