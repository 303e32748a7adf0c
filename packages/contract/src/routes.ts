import type { ApiRoute } from './http.ts';
import { platformRoutes } from './platform/api.ts';

/** The route table of the whole API; each module adds its routes here. */
export const apiRoutes: ApiRoute[] = [...Object.values(platformRoutes)];
