import type { ApiRoute } from './http.ts';
import { platformRoutes } from './platform/api.ts';

/** The route table of the whole API; each module adds its group of routes here. */
export const apiRoutes: ApiRoute[] = [platformRoutes].flatMap((group) => Object.values(group));
