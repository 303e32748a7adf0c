import type { ApiRoute } from '@klimadesk/contract';
import { MODULES } from '@klimadesk/contract';
import { BODY_CODE } from '@klimadesk/contract/platform/errors';

/**
 * The error answers of an operation for the OpenAPI document, derived from its route table entry:
 * what the shared checks in front of every handler can answer (validation, session, role,
 * unknown id, upload limits, rate limit, server error). Documentation only; replies are not
 * serialised through these schemas. Each distinct answer is written once under
 * `components.responses` and referenced from the operations (`refErrorAnswers`).
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

type Answer = { description: string; content: { 'application/json': { schema: object } } };
const answer = (description: string, codes: number[], keys: string[]): Answer => ({
  description,
  content: { 'application/json': { schema: errorBody(codes, keys) } },
});

const forbidden = (module?: string) =>
  answer(
    module
      ? `Not allowed for this user, or the company has no running booking of module ${module}`
      : 'Not allowed for this user',
    [BODY_CODE.forbidden],
    ['noRights', 'readOnly', 'forbidden', ...(module ? ['moduleNotBooked'] : [])],
  );
const tooMany = (rateLimited: boolean, busy: boolean) =>
  answer(
    'Too many requests',
    [BODY_CODE.rejected],
    [...(rateLimited ? ['tooManyRequests'] : []), ...(busy ? ['importsBusy'] : [])],
  );

/** Every error answer an operation can have, by its component name. */
export const ERROR_ANSWERS: Record<string, Answer> = {
  InvalidInput: answer('Invalid input', [BODY_CODE.rejected], ['validationFailed', 'invalidJson']),
  SessionInvalid: answer('No valid session or API key', [BODY_CODE.sessionInvalid], ['sessionInvalid']),
  Forbidden: forbidden(),
  ...Object.fromEntries(MODULES.map((m) => [`ForbiddenOrNotBooked_${m}`, forbidden(m)])),
  NotFound: answer('Unknown id or another company’s', [BODY_CODE.notFound], ['notFound']),
  PayloadTooLarge: answer('Upload too large', [BODY_CODE.rejected], ['payloadTooLarge']),
  InvalidFileType: answer('File type not accepted', [BODY_CODE.rejected], ['invalidFileType']),
  TooManyRequests: tooMany(true, false),
  ImportsBusy: tooMany(false, true),
  TooManyRequestsOrImportsBusy: tooMany(true, true),
  InternalError: answer('Unexpected server error', [BODY_CODE.general], ['internalError']),
};

export function errorAnswers(route: ApiRoute, rateLimited: boolean): Record<string, Answer> {
  const a = ERROR_ANSWERS;
  const out: Record<string, Answer> = {};
  if (route.params || route.query || route.body || route.multipart) out['400'] = a.InvalidInput!;
  if (route.access !== 'public') out['401'] = a.SessionInvalid!;
  if (route.access !== 'public' && (route.access !== 'session' || route.write || route.module))
    out['403'] = route.module ? a[`ForbiddenOrNotBooked_${route.module}`]! : a.Forbidden!;
  if (route.params) out['404'] = a.NotFound!;
  if (route.multipart) {
    out['413'] = a.PayloadTooLarge!;
    out['415'] = a.InvalidFileType!;
  }
  // Uploads: a company's spreadsheet reads at a time are limited (xlsx-pool.ts).
  const busy = !!route.multipart;
  if (rateLimited || busy)
    out['429'] =
      rateLimited && busy
        ? a.TooManyRequestsOrImportsBusy!
        : rateLimited
          ? a.TooManyRequests!
          : a.ImportsBusy!;
  out['500'] = a.InternalError!;
  return out;
}

type Doc = {
  paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  components?: Record<string, unknown>;
};

/**
 * Replaces each operation's error answer by a `$ref` to its one copy under `components.responses`
 * (they made up a third of the document inlined). Answers that differ from every named one stay inline.
 */
export function refErrorAnswers<T extends Doc>(doc: T): T {
  const byJson = new Map(Object.entries(ERROR_ANSWERS).map(([name, a]) => [JSON.stringify(a), name]));
  const used = new Set<string>();
  for (const ops of Object.values(doc.paths ?? {}))
    for (const op of Object.values(ops)) {
      if (!op.responses) continue;
      for (const [status, response] of Object.entries(op.responses)) {
        const name = byJson.get(JSON.stringify(response));
        if (!name) continue;
        op.responses[status] = { $ref: `#/components/responses/${name}` };
        used.add(name);
      }
    }
  const responses = Object.fromEntries([...used].sort().map((name) => [name, ERROR_ANSWERS[name]]));
  return { ...doc, components: { ...doc.components, responses } };
}

/**
 * Drops named schemas no operation refers to: every collection item gets an input and an output
 * variant, and most are only ever answered, never sent.
 */
export function pruneUnusedSchemas<T extends Doc>(doc: T): T {
  const schemas = { ...(doc.components?.schemas as Record<string, unknown> | undefined) };
  for (;;) {
    const text = JSON.stringify({ ...doc, components: { ...doc.components, schemas } });
    const unused = Object.keys(schemas).filter((n) => !text.includes(`"#/components/schemas/${n}"`));
    if (unused.length === 0) break;
    for (const n of unused) delete schemas[n];
  }
  return { ...doc, components: { ...doc.components, schemas } };
}
