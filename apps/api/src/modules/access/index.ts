import { defineModule } from '../../platform/modules.ts';
import { accessRoutes } from './access.routes.ts';
import { resetJob } from './access.service.ts';

/** Sign-in, sign-out, password reset, impersonation and the support message. Other modules import only this file. */
export const accessModule = defineModule({
  name: 'access',
  routes: [
    'login',
    'logout',
    'requestResetPassword',
    'resetPassword',
    'sendSupportMessage',
    'impersonate',
    'stopImpersonating',
  ],
  mount: accessRoutes,
  jobs: [resetJob],
});
