import { defineModule } from '../../platform/modules.ts';
import { companiesRoutes } from './companies.routes.ts';

/** Registration, companies, unlock (upgrade), deletion and the company export. Other modules import only this file. */
export const companiesModule = defineModule({
  name: 'companies',
  routes: [
    'register',
    'confirmRegistration',
    'companies',
    'createCompany',
    'exportCompanies',
    'getCompany',
    'updateCompany',
    'deleteCompany',
    'deleteUserAndCompany',
    'unlockCompany',
    'companyLogo',
    'uploadCompanyLogo',
    'deleteCompanyLogo',
    'mailCompanyAdmin',
  ],
  mount: companiesRoutes,
});

export { findCompany, insertCompany } from './companies.repository.ts';
export {
  type Edition,
  type EditionFields,
  TRIAL_LIMITS,
  assertUnlocked,
  editionOf,
  editionOfCompany,
  isBasicCompany,
  isTrialCompany,
} from './companies.edition.ts';
