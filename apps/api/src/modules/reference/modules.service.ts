import { type Language, MODULES, userModules } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/access.ts';
import { bookedModules } from '../tariffs/index.ts';
import { texts } from '@klimadesk/contract/messages';

/** Module names as the product writes them (the top bar's selector, seed 002 §3 Module). */
const MODULE_NAMES: Record<(typeof MODULES)[number], Record<Language, string>> = {
  cft: texts('modules.cft'),
  cfc: texts('modules.cfc'),
  tax: texts('modules.tax'),
  csrd: texts('modules.csrd'),
  vsme: texts('modules.vsme'),
};

/**
 * Every module, named in the request language; `booked` from the company's running bookings,
 * `selectable` by the same rule the route list uses (`userModules`).
 */
export async function listModules(ctx: AppContext, actor: Actor, lang: Language) {
  // A CSRD booking includes VSME (INCLUDED_MODULES): bookedModules answers both.
  const booked = await bookedModules(ctx, actor.companyId);
  const selectable = userModules(actor.roles, booked);
  return MODULES.map((code) => ({
    code,
    name: MODULE_NAMES[code][lang],
    booked: booked.includes(code),
    selectable: selectable.includes(code),
  }));
}
