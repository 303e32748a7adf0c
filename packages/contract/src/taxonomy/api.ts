import { defineRoutes, answersOk, routeKit } from '../http.ts';
import type { Role } from '../platform/roles.ts';
import * as s from './schemas.ts';

/**
 * Seed 001 §6: taxonomy users read and write their company's assessments, read-only users read
 * them; the financial years are kept by the module's admins (their group rights and review state
 * decide per year, in the service).
 */
export const TAX_READ_ROLES: Role[] = ['ROLE_TAX_READ_ONLY'];
export const TAX_WRITE_ROLES: Role[] = ['ROLE_TAX_USER'];
export const TAX_ADMIN_ROLES: Role[] = ['ROLE_TAX_ADMIN'];
/** Seed 001 §6: provider admins edit the tax texts. */
export const TAX_TEXT_ROLES: Role[] = ['ROLE_SMP_ADMIN'];

const kit = routeKit('taxonomy', { module: 'tax', read: TAX_READ_ROLES, write: TAX_WRITE_ROLES });
const years = kit.collection('/api/tax/tax-financial-years', 'taxFinancialYear', {
  item: s.taxFinancialYear,
});
const activities = kit.collection('/api/tax/tax-activities', 'taxActivity', {
  item: s.taxActivity,
  list: s.taxActivityList,
});
const tags = kit.collection('/api/tax/tags', 'taxTag', { item: s.taxTag });

/** Seed 001 §7 "Tax API": the company's financial years, activities, files and tags. */
export const taxonomyRoutes = defineRoutes({
  taxFinancialYears: years.list('Financial years of the company with totals, flags and review state'),
  createTaxFinancialYear: years.create('Create a financial year (tax year unique per company)', {
    access: TAX_ADMIN_ROLES,
    body: s.taxFinancialYearBody,
  }),
  updateTaxFinancialYear: years.update(
    'Change totals, minimum safeguards and institute; freeze for review (inReview) or cancel the review',
    { access: TAX_ADMIN_ROLES, body: s.taxFinancialYearPatchBody },
  ),
  deleteTaxFinancialYear: kit.write(
    'DELETE',
    '/api/tax/tax-financial-years/:id',
    'Delete a financial year without activities',
    {
      ...years.id,
      access: TAX_ADMIN_ROLES,
      ...answersOk,
    },
  ),
  taxActivities: activities.list('Activities of the company (15 per page) by year, tag and status', {
    query: s.taxActivityListQuery,
    resources: { tags: 'taxTag' },
  }),
  getTaxActivity: activities.get('One activity with its criteria, DNSH checks, files and assessment'),
  createTaxActivity: activities.create(
    'Create an activity: EU activity, financial year, figures and at least one criterion',
    {
      body: s.taxActivityBody,
      resources: { year: 'taxFinancialYear', tags: 'taxTag' },
    },
  ),
  updateTaxActivity: activities.update(
    'Change an activity (merge patch); the EU activity and year stay; criteria not listed are removed',
    {
      body: s.taxActivityPatchBody,
      resources: { year: 'taxFinancialYear', tags: 'taxTag' },
    },
  ),
  deleteTaxActivity: activities.remove('Delete an activity with its criteria, checks and files'),
  taxActivityOverviews: kit.read(
    '/api/tax/tax-activity-overviews',
    'The overview: 15 per page with the assessment columns, by finished, year and tag',
    { query: s.taxOverviewQuery, resources: { tags: 'taxTag' }, response: { 200: s.taxOverviewList } },
  ),
  taxActivityDashboardStats: kit.read(
    '/api/tax/tax-activity-dashboard-stats',
    'Turnover, CapEx and OpEx: eligible, ineligible and aligned amounts and the Article 8 KPIs',
    { query: s.taxDashboardQuery, resources: { tags: 'taxTag' }, response: { 200: s.taxDashboardStats } },
  ),
  uploadTaxFile: kit.write(
    'POST',
    '/api/tax/files',
    'Upload a file with a note to an activity, criterion, DNSH check or financial year (10 MB)',
    { multipart: true, resources: { id: 'taxFileOwner' }, response: { 201: s.taxFile } },
  ),
  deleteTaxFile: kit.write(
    'DELETE',
    '/api/tax/file/:type/:id',
    'Delete a file of an activity, criterion, DNSH check or year',
    {
      params: s.taxFileDeleteParams,
      resources: { id: 'taxFile' },
      ...answersOk,
    },
  ),
  taxFile: kit.read('/api/tax/file/:id', 'Download a file', {
    ...kit.collection('/api/tax/file', 'taxFile').id,
    file: true,
  }),
  taxTags: tags.list('Tags of the company with colour and use count'),
  createTaxTag: tags.create('Create a tag with a colour', { body: s.taxTagBody }),
  updateTaxTag: tags.update('Rename or recolour a tag', { body: s.taxTagPatchBody }),
  deleteTaxTag: tags.remove('Delete a tag (activities lose it)'),
});
