import { defineModule } from '../../platform/modules.ts';
import { usersRoutes } from './users.routes.ts';

/** Users, their profile, language and preferences. Other modules import only this file. */
export const usersModule = defineModule({
  name: 'users',
  routes: [
    'me',
    'ownCompanyUsers',
    'users',
    'usersForGroups',
    'getUser',
    'createUser',
    'updateUser',
    'confirmEmailChange',
    'deleteUser',
    'setLanguage',
    'introShown',
    'releaseNotesShown',
    'createUserPreferences',
    'updateUserPreferences',
    'updateUserPreferencesById',
  ],
  mount: usersRoutes,
});

export {
  claimToken,
  expireTokens,
  findActiveByEmail,
  findToken,
  findUser,
  findUserAnyCompany,
  findUsersByEmail,
  insertToken,
  insertUser,
  updateUser,
} from './users.repository.ts';
export { mailTokenLink } from './users.tokens.ts';
// The companies module's "delete the account and the company" (it passes its soft delete in).
export { deleteSoleUser } from './users.service.ts';
