import { defineModule } from '../../platform/modules.ts';
import { companiesRoutes } from './companies.routes.ts';

/** Registration, companies, unlock (upgrade) and the company export. Other modules import only this file. */
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
    'unlockCompany',
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
export { markCompanyDeleted } from './companies.service.ts';
