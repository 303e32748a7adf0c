import { importRun } from '../imports/schemas.ts';
import { defineRoutes, fileResponse, paginationQuery, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import { country } from '../platform/schemas.ts';
import { z } from 'zod';
import * as s from './schemas.ts';

// Seed 002 §6: the platform admin keeps the emission database; CFC users read it and keep their
// own (customer) factors, sources and custom activities (issue 18).
const SMP: Role[] = ['ROLE_SMP_ADMIN'];
const READERS: Role[] = ['ROLE_SMP_ADMIN', 'ROLE_CFC_READ_ONLY'];
const WRITERS: Role[] = ['ROLE_SMP_ADMIN', 'ROLE_CFC_USER'];
const kit = routeKit('emission-db', { module: 'cfc', read: READERS, write: WRITERS });
const admin = routeKit('emission-db', { module: null, read: SMP });
// Reference lists every signed-in user reads (the freight area the factor editions too): no module's.
const shared = routeKit('emission-db', { module: null, read: 'session' });
const sources = kit.collection('/api/sources', 'emissionSource', { item: s.source, list: s.sourceList });
const versionParts = { item: s.sourceVersion, list: s.sourceVersionList };
const versions = kit.collection('/api/source-versions', 'sourceVersion', versionParts);
const sharedVersions = shared.collection('/api/source-versions', 'sourceVersion', versionParts);
const providerParts = { item: s.emissionProvider, list: s.emissionProviderList };
const providers = kit.collection('/api/emission-providers', 'emissionProvider', providerParts);
const adminProviders = admin.collection('/api/emission-providers', 'emissionProvider', providerParts);
const activities = kit.collection('/api/activities', 'activity', { item: s.activityDetail });
const factors = kit.collection('/api/emission-factors', 'emissionFactor', { item: s.factor });
/** Reading and setting the providers a company may use both answer its access list. */
const providerAccess = {
  params: s.providerAccessParams,
  resources: { companyId: 'company' },
  response: { 200: s.providerAccess },
} as const;

export const emissionDbRoutes = defineRoutes({
  units: shared.readList(
    '/api/units.json',
    'Units with their unit type and conversion to the type’s base unit',
    s.unit,
  ),
  unitTypes: shared.readList('/api/unit-types.json', 'Unit types with their base unit', s.unitType),
  sections: shared.readList(
    '/api/sections.json',
    'Sections of the carbon footprint (scopes and their categories)',
    s.section,
  ),
  treatments: shared.readList(
    '/api/treatments',
    'Waste treatments, sorted by name in the request language',
    s.treatment,
  ),
  sources: sources.list('Sources of emission factors: the provider’s and the own company’s', {
    query: s.sourceListQuery,
  }),
  createSource: sources.create('Create a source (platform admin: public; others: the own company’s)', {
    body: s.sourceBody,
  }),
  updateSource: sources.replace('Change a source', { body: s.sourceBody }),
  deleteSource: sources.remove('Delete a source no factor uses (sourceInUse, 50500, otherwise)'),
  emissionProviders: providers.list('Emission providers (publishers of factor sets)'),
  createEmissionProvider: adminProviders.create('Create an emission provider', {
    body: s.emissionProviderBody,
  }),
  // Also the freight area's list of factor editions (seed 000 §7): anyone signed in reads it.
  sourceVersions: sharedVersions.list('Editions of the sources, newest first', {
    query: s.sourceVersionQuery,
    resources: { source: 'emissionSource' },
  }),
  createSourceVersion: versions.create('Add an edition to a source', {
    body: s.sourceVersionBody,
    resources: { source: 'emissionSource' },
  }),
  searchActivities: kit.read(
    '/api/activities/search',
    'Activities ranked by a term over names, synonyms and translations (de, en), filtered by categories and country',
    {
      query: s.activitySearchQuery,
      resources: { provider: 'emissionProvider', source: 'emissionSource' },
      response: { 200: s.activityList },
    },
  ),
  activitiesByParentCategory: kit.read(
    '/api/activities/by-parent-category/:id',
    'Activities of a section or of every section of a scope, by name',
    {
      params: s.parentCategoryParams,
      query: z.strictObject({ ...paginationQuery }),
      response: { 200: s.activityList },
    },
  ),
  getActivity: activities.get('One activity with the factors the reader may use'),
  createActivity: activities.create(
    'Create an activity with its first factors (platform admin: a provider activity; others: a custom one)',
    {
      body: s.activityBody,
      // The factors name sources (and editions, providers); the isolation test sends a foreign source there.
      resources: { factors: 'emissionSource' },
    },
  ),
  updateActivity: activities.replace('Change an activity’s names, categories and treatment', {
    body: s.activityUpdateBody,
  }),
  deleteActivity: activities.remove(
    'Delete an activity with its factors (not while customer factors use it)',
  ),
  countriesByActivity: kit.readList(
    '/api/countries/by-activity/:activity',
    'Countries with a factor of the activity the reader may use',
    country,
    { params: s.activityParams, resources: { activity: 'activity' } },
  ),
  getEmissionFactor: factors.get('One factor'),
  createEmissionFactor: factors.create(
    'Add a factor to an activity; periods of one activity, country and provider must not overlap',
    {
      body: s.factorBody,
      resources: {
        activityId: 'activity',
        company: 'company',
        sourceId: 'emissionSource',
        sourceVersionId: 'sourceVersion',
        providerId: 'emissionProvider',
      },
    },
  ),
  updateEmissionFactor: factors.replace('Replace a factor', {
    body: s.factorUpdateBody,
    resources: {
      sourceId: 'emissionSource',
      sourceVersionId: 'sourceVersion',
      providerId: 'emissionProvider',
    },
  }),
  deleteEmissionFactor: factors.remove('Delete a factor (not the last one of its activity)'),
  customerFactors: kit.read(
    '/api/customer-factors',
    'Customer factors: the own company’s; every company’s (or one) for the platform admin',
    {
      query: s.customerFactorQuery,
      resources: { company: 'company', activity: 'activity' },
      response: { 200: s.factorList },
    },
  ),
  factorImportTemplate: kit.read('/api/emission-factors/import-template', 'The factor import template', {
    query: s.factorTemplateQuery,
    file: true,
    response: { 200: fileResponse },
  }),
  importEmissionFactors: kit.write(
    'POST',
    '/api/emission-factors/import',
    'Import factors from the xlsx template or csv (platform admin: provider factors, or a company’s with `company`; others: own customer factors) as an import run (202, `/api/import-runs/:id`; result `{ created }`); any row error imports nothing',
    { multipart: true, resources: { company: 'company' }, response: { 202: importRun } },
  ),
  providerAccess: admin.read(
    '/api/provider-access/:companyId',
    'Which providers’ factors a company may use',
    providerAccess,
  ),
  setProviderAccess: admin.write(
    'PUT',
    '/api/provider-access/:companyId',
    'Set the providers a company may use',
    {
      ...providerAccess,
      body: s.providerAccessBody,
      resources: { ...providerAccess.resources, allowedProviderIds: 'emissionProvider' },
    },
  ),
  emissionDatasets: kit.readList(
    '/api/emission-datasets',
    'Built-in factor data sets with edition, licence and load state',
    s.builtInDataset,
  ),
});
