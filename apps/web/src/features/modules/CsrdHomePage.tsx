import { ModuleHome } from './ModuleHome.tsx';

/** The home of the module until its screens exist. */
export function CsrdHomePage() {
  return <ModuleHome module="csrd" />;
}
