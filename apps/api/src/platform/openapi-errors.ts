import type { ApiRoute } from '@klimadesk/contract';
import { BODY_CODE } from '@klimadesk/contract/platform/errors';

/**
 * The error answers of an operation for the OpenAPI document, derived from its route table entry:
 * what the shared checks in front of every handler can answer (validation, session, role,
 * unknown id, upload limits, rate limit, server error). Documentation only; replies are not
 * serialised through these schemas.
 */
const errorBody = (codes: number[], keys: string[]) => ({
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'integer', enum: codes, description: 'Body code of the error catalogue' },
    message: { type: 'string', description: `Catalogue key, e.g. ${keys.map((k) => `\`${k}\``).join(', ')}` },
    detail: { type: 'object', additionalProperties: true },
  },
});

const answer = (description: string, codes: number[], keys: string[]) => ({
  description,
  content: { 'application/json': { schema: errorBody(codes, keys) } },
});

export function errorAnswers(route: ApiRoute, rateLimited: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (route.params || route.query || route.body || route.multipart)
    out['400'] = answer('Invalid input', [BODY_CODE.rejected], ['validationFailed', 'invalidJson']);
  if (route.access !== 'public')
    out['401'] = answer('No valid session or API key', [BODY_CODE.sessionInvalid], ['sessionInvalid']);
  if (route.access !== 'public' && (route.access !== 'session' || route.write || route.module))
    out['403'] = answer(
      route.module
        ? `Not allowed for this user, or the company has no running booking of module ${route.module}`
        : 'Not allowed for this user',
      [BODY_CODE.forbidden],
      ['noRights', 'readOnly', 'forbidden', ...(route.module ? ['moduleNotBooked'] : [])],
    );
  if (route.params)
    out['404'] = answer('Unknown id or another company’s', [BODY_CODE.notFound], ['notFound']);
  if (route.multipart) {
    out['413'] = answer('Upload too large', [BODY_CODE.rejected], ['payloadTooLarge']);
    out['415'] = answer('File type not accepted', [BODY_CODE.rejected], ['invalidFileType']);
  }
  // Uploads: a company's spreadsheet reads at a time are limited (xlsx-pool.ts).
  const busy = route.multipart ? ['importsBusy'] : [];
  if (rateLimited || busy.length)
    out['429'] = answer(
      'Too many requests',
      [BODY_CODE.rejected],
      [...(rateLimited ? ['tooManyRequests'] : []), ...busy],
    );
  out['500'] = answer('Unexpected server error', [BODY_CODE.general], ['internalError']);
  return out;
}
