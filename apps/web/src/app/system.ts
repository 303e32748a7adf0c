/**
 * Loads the system screens in a second step. The preload list of their chunk then lives in this
 * small chunk rather than in the entry chunk, which keeps the /login budget.
 */
export const load = () => import('./systemScreens.ts');
