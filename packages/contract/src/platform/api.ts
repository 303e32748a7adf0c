import { z } from 'zod';
import {
  answersOk,
  defineRoutes,
  fileResponse,
  listOf,
  okResponse,
  orderQuery,
  paginationQuery,
  routeKit,
} from '../http.ts';
import { LANGUAGES, USER_STATUS } from '../constants.ts';
import type { Role } from './roles.ts';
import * as s from './schemas.ts';

const COMPANY_ADMIN: Role[] = ['ROLE_COMPANY_ADMIN', 'ROLE_SMP_ADMIN'];
const USER_ADMINS: Role[] = [
  'ROLE_COMPANY_ADMIN',
  'ROLE_SMP_ADMIN',
  'ROLE_CFT_ADMIN',
  'ROLE_CFC_ADMIN',
  'ROLE_TAX_ADMIN',
  'ROLE_CSRD_ADMIN',
  'ROLE_VSME_ADMIN',
];
const SMP: Role[] = ['ROLE_SMP_ADMIN'];

// Signing in, registering and the own account change no company data (`act`).
const signIn = routeKit('access', { module: null, read: 'public' });
const registration = routeKit('companies', { module: null, read: 'public' });
const ownAccount = routeKit('users', { module: null, read: 'session' });
const users = routeKit('users', { module: null, read: USER_ADMINS });
const userItems = users.collection('/api/users', 'user', { item: s.user });
const groups = routeKit('user-groups', { module: null, read: COMPANY_ADMIN });
const groupItems = groups.collection('/api/user-groups', 'userGroup', { item: s.userGroup });
const companies = routeKit('companies', { module: null, read: SMP });
const companyItems = companies.collection('/api/companies', 'company', { item: s.company });
const groupParams = {
  params: z.strictObject({ group: z.uuid() }),
  resources: { group: 'userGroup' },
} as const;
const reference = routeKit('reference', { module: null, read: 'session' });
const logs = routeKit('logs', { module: null, read: SMP });
const maintenance = routeKit('maintenance', { module: null, read: 'public' });

const userListQuery = z.strictObject({
  ...paginationQuery,
  search: z.string().trim().max(100).optional(),
  status: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(USER_STATUS.active), z.literal(USER_STATUS.deleted)]))
    .optional(),
  companyId: z.uuid().optional(),
  ...orderQuery(['lastName', 'firstName', 'email', 'createdAt', 'lastLogin']),
});

/** Platform routes: access and users, companies, reference data (seed 000 §7). */
export const platformRoutes = defineRoutes({
  login: signIn.act(
    'POST',
    '/api/login',
    'Log in with e-mail and password; sets the session cookie and returns the token',
    {
      body: s.loginBody,
      response: { 200: s.loginResponse },
    },
  ),
  logout: signIn.act('POST', '/api/logout', 'End the session', {
    access: 'session',
    ...answersOk,
  }),
  requestResetPassword: signIn.act(
    'POST',
    '/api/request-reset-password',
    'Send a password reset link (always answers success)',
    { body: s.requestResetBody, ...answersOk },
  ),
  resetPassword: signIn.act(
    'POST',
    '/api/reset-password/:token',
    'Set a new password with a single-use reset token',
    {
      params: z.strictObject({ token: z.string().min(10).max(200) }),
      body: s.resetPasswordBody,
      ...answersOk,
    },
  ),
  sendSupportMessage: signIn.act(
    'POST',
    '/api/send-support-message',
    'Send a message to the provider support',
    {
      access: 'session',
      body: s.supportMessageBody,
      ...answersOk,
    },
  ),
  impersonate: signIn.act(
    'POST',
    '/api/impersonate',
    'Act as another user (platform admin: anyone; company admin: own company)',
    { access: COMPANY_ADMIN, body: s.impersonateBody, response: { 200: s.loginResponse } },
  ),
  stopImpersonating: signIn.act('POST', '/api/stop-impersonating', 'Return to the original session', {
    access: 'session',
    response: { 200: s.loginResponse },
  }),
  me: ownAccount.read(
    '/api/users/me',
    'The signed-in user with company, allowed web routes and preferences',
    {
      query: z.strictObject({ module: s.moduleCode.optional() }),
      response: { 200: s.me },
    },
  ),
  ownCompanyUsers: users.read('/api/users/own-company', 'Users of the own company', {
    query: userListQuery.omit({ companyId: true }),
    response: { 200: listOf(s.user) },
  }),
  users: userItems.list('All users of the platform (platform admin)', {
    access: SMP,
    query: userListQuery,
    resources: { companyId: 'company' },
  }),
  usersForGroups: users.read(
    '/api/users/for-groups',
    'Users of the own company with their group, for group assignment',
    {
      access: COMPANY_ADMIN,
      response: {
        200: listOf(
          z.object({ id: z.uuid(), name: z.string(), email: z.string(), groupId: z.uuid().nullable() }),
        ),
      },
    },
  ),
  getUser: userItems.get('One user of the own company'),
  createUser: userItems.create('Create a user with the roles the caller may grant', {
    body: s.createUserBody,
    resources: { companyId: 'company' },
  }),
  // Own profile and password stay changeable for read-only users; changing others needs an admin role.
  updateUser: ownAccount.act(
    'PATCH',
    '/api/users/:id',
    'Change a user (own data, or a user of the own company as admin)',
    {
      ...userItems.id,
      query: s.offboardingQuery,
      body: s.updateUserBody,
      response: { 200: s.user },
    },
  ),
  deleteUser: users.write('DELETE', '/api/users/:id', 'Delete a user (status 3)', {
    ...userItems.id,
    query: s.offboardingQuery,
    ...answersOk,
  }),
  deleteUserAndCompany: users.write(
    'POST',
    '/api/delete-user-and-company',
    'The sole user deletes account and company together',
    {
      access: COMPANY_ADMIN,
      body: z.strictObject({ userId: z.uuid() }),
      resources: { userId: 'user' },
      ...answersOk,
    },
  ),
  setLanguage: ownAccount.act('POST', '/api/users/:id/set-language', 'Save the own language', {
    ...userItems.id,
    body: z.strictObject({ language: z.enum(LANGUAGES) }),
    ...answersOk,
  }),
  introShown: ownAccount.act('PATCH', '/api/users/:id/intro-shown', 'Mark the introductory tour as shown', {
    ...userItems.id,
    body: z.strictObject({ introShown: z.boolean().default(true) }).optional(),
    ...answersOk,
  }),
  releaseNotesShown: ownAccount.act(
    'POST',
    '/api/users/:id/release-notes-shown',
    'Remember the last release notes version shown',
    {
      ...userItems.id,
      body: z.strictObject({ version: z.string().trim().min(1).max(20) }),
      ...answersOk,
    },
  ),
  createUserPreferences: ownAccount.act('POST', '/api/user-preferences', 'Save own preferences', {
    body: s.userPreferenceBody,
    response: { 200: s.userPreference },
  }),
  updateUserPreferences: ownAccount.act('PATCH', '/api/user-preferences', 'Change own preferences', {
    body: s.userPreferenceBody,
    response: { 200: s.userPreference },
  }),
  // Seed 000 §7 patches the preference as its own item; it is the user's, so its id is the user id.
  updateUserPreferencesById: ownAccount.act(
    'PATCH',
    '/api/user-preferences/:id',
    'Change own preferences (the id is the own user id)',
    { ...userItems.id, body: s.userPreferenceBody, response: { 200: s.userPreference } },
  ),
  userGroups: groupItems.list('User groups of the own company', {
    query: z.strictObject({ ...paginationQuery, ...orderQuery(['name', 'createdAt']) }),
  }),
  createUserGroup: groups.write(
    'POST',
    '/api/user-groups/create',
    'Create a user group; its users leave their former groups',
    { body: s.userGroupBody, resources: { users: 'user' }, response: { 201: s.userGroup } },
  ),
  updateUserGroup: groupItems.update('Change a user group', {
    resources: { users: 'user' },
    body: s.userGroupBody.partial(),
  }),
  deleteUserGroup: groupItems.remove('Delete a user group'),
  accessRights: groups.read('/api/access-rights', 'Access rights of the own company’s groups', {
    query: z.strictObject({ groupId: z.uuid().optional() }),
    resources: { groupId: 'userGroup' },
    response: { 200: listOf(s.accessRight) },
  }),
  createAccessRight: groups.write('POST', '/api/access-rights', 'Add an access right to a group', {
    body: s.accessRightBody,
    resources: { groupId: 'userGroup' },
    response: { 201: s.accessRight },
  }),
  replaceAccessRights: groups.write(
    'POST',
    '/api/access-rights/:group',
    'Replace all access rights of a group',
    {
      ...groupParams,
      body: s.accessRightsForGroupBody,
      response: { 200: listOf(s.accessRight) },
    },
  ),
  deleteAccessRights: groups.write(
    'DELETE',
    '/api/access-rights/:group',
    'Remove all access rights of a group',
    {
      ...groupParams,
      ...answersOk,
    },
  ),
  register: registration.act(
    'POST',
    '/api/companies/registration',
    'Register a company and its first user (inactive until the e-mail is confirmed)',
    { body: s.registrationBody, response: { 201: okResponse } },
  ),
  confirmRegistration: registration.act(
    'POST',
    '/api/companies/registration/confirm',
    'Confirm the e-mail address with the token from the confirmation link',
    { body: s.tokenBody, ...answersOk },
  ),
  confirmEmailChange: ownAccount.act(
    'POST',
    '/api/users/email-change/confirm',
    'Confirm a new own e-mail address with the token from the link sent to it',
    { access: 'public', body: s.tokenBody, ...answersOk },
  ),
  companies: companyItems.list('All customer companies (platform admin)', {
    query: z.strictObject({
      ...paginationQuery,
      limit: paginationQuery.limit.default(30),
      search: z.string().trim().max(100).optional(),
      isBasic: z.enum(['true', 'false']).optional(),
      isPayingCustomer: z.enum(['true', 'false']).optional(),
      /** Companies that use this module (the `/cfc/customers` view). */
      module: s.moduleCode.optional(),
      ...orderQuery(['name', 'customerNr', 'city', 'createdAt']),
    }),
  }),
  createCompany: companyItems.create('Create a customer company with its first admin user (platform admin)', {
    body: s.createCompanyBody,
  }),
  getCompany: companyItems.get('One company (own company, or any for the platform admin)', {
    access: 'session',
  }),
  updateCompany: companyItems.update('Change company data and billing address', {
    access: COMPANY_ADMIN,
    body: s.updateCompanyBody,
  }),
  deleteCompany: companyItems.remove('Delete a company and its users (platform admin)'),
  unlockCompany: companies.write(
    'PATCH',
    '/api/companies/:id/unlock',
    'Upgrade a basic company to the professional edition',
    {
      ...companyItems.id,
      access: ['ROLE_COMPANY_ADMIN', 'ROLE_CFT_ADMIN', 'ROLE_SMP_ADMIN'],
      body: s.unlockBody,
      response: { 200: s.company },
    },
  ),
  companyLogo: companies.read('/api/companies/:id/logo', 'The company logo as stored (PNG or JPEG)', {
    ...companyItems.id,
    access: 'session',
    file: true,
  }),
  uploadCompanyLogo: companies.write(
    'POST',
    '/api/companies/:id/logo',
    'Upload or replace the company logo (multipart: file; PNG or JPEG by content, at most 512 KB and 2000 px a side)',
    { ...companyItems.id, access: COMPANY_ADMIN, multipart: true, response: { 200: s.companyLogo } },
  ),
  deleteCompanyLogo: companies.write('DELETE', '/api/companies/:id/logo', 'Remove the company logo', {
    ...companyItems.id,
    access: COMPANY_ADMIN,
    ...answersOk,
  }),
  exportCompanies: companies.read(
    '/api/companies/export',
    'All companies as a spreadsheet (platform admin)',
    {
      query: z.strictObject({
        search: z.string().trim().max(100).optional(),
        module: s.moduleCode.optional(),
      }),
      file: true,
      response: { 200: fileResponse },
    },
  ),
  mailCompanyAdmin: companies.act(
    'POST',
    '/api/send-mail-to-company-admin',
    'Send a message to the admins of the own company',
    {
      access: 'session',
      body: s.companyAdminMailBody,
      resources: { companyId: 'company' },
      ...answersOk,
    },
  ),
  modules: reference.read(
    '/api/modules',
    'The modules with names in the request language, booked by the own company, selectable by the user',
    {
      response: { 200: listOf(s.moduleInfo) },
    },
  ),
  countries: reference.read('/api/countries', 'Countries with names in the request language', {
    access: 'public',
    response: { 200: listOf(s.country) },
  }),
  outbox: logs.read('/api/outbox', 'E-mails kept in the outbox (platform admin)', {
    query: z.strictObject({ ...paginationQuery, to: z.string().max(200).optional() }),
    response: { 200: listOf(s.outboxMail) },
  }),
  maintenanceStatus: maintenance.read(
    '/api/maintenance',
    'Whether the maintenance gate is closed, and until when',
    {
      response: {
        200: z.object({ active: z.boolean(), until: z.string().nullable(), granted: z.boolean() }),
      },
    },
  ),
  maintenanceAccess: maintenance.act(
    'POST',
    '/api/maintenance/access',
    'Pass the maintenance gate with the access password (sets a cookie)',
    { body: z.strictObject({ password: z.string().min(1).max(200) }), ...answersOk },
  ),
});
