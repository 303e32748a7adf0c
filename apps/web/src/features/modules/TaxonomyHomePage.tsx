import { ModuleHome } from './ModuleHome.tsx';

/** The home of the module until its screens exist. */
export function TaxonomyHomePage() {
  return <ModuleHome module="tax" />;
}
