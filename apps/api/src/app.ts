import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { type ApiRoute, MAPPING_UPLOAD_MAX_BYTES, PRODUCT_VERSION, namedSchemas } from '@klimadesk/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from './platform/context.ts';
import type { Actor } from './platform/access.ts';
import { rowsOf } from './platform/db/index.ts';
import { AppError } from './platform/errors.ts';
import {
  DB_RETRY_AFTER_SECONDS,
  clientErrorHandler,
  frameworkErrors,
  isDatabaseUnavailable,
  isUnstorableText,
  rejectUnsafeText,
} from './platform/http-errors.ts';
import { requestLanguage } from './platform/http.ts';
import { errorAnswers, pruneUnusedSchemas, refErrorAnswers } from './platform/openapi-errors.ts';
import { SESSION_COOKIE, notifyAuthChannel, resolveSession } from './platform/auth/sessions.ts';
import { AUTH_CHANNEL } from './platform/auth/auth-cache.ts';
import { apiKeyActor } from './modules/api-keys/index.ts';
import { moduleAccess } from './modules/tariffs/index.ts';
import { recordAction } from './platform/audit.ts';
import { registerModules } from './modules/index.ts';
import { healthCheck } from './platform/health.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { fastifyRateLimitStore } from './platform/auth/limit-store.ts';
import { builtinReadiness } from './modules/locations/index.ts';

const BODY_LIMIT = 1_000_000;

// Vite names built files `<name>-<hash>.<ext>` under assets/: a changed file gets a new name,
// so browsers may keep each one for a year; everything else (index.html) is revalidated.
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}(\.[a-z0-9]+)+$/;
export const staticCacheControl = (path: string) =>
  HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';

/** One line per request: at debug, or at error for a server error, which is always logged. */
function requestLog(req: FastifyRequest, reply: FastifyReply) {
  const line = {
    method: req.method,
    url: req.url,
    statusCode: reply.statusCode,
    responseTime: Math.round(reply.elapsedTime),
  };
  if (reply.statusCode >= 500) req.log.error(line, 'request failed');
  else req.log.debug(line, 'request completed');
}

/** Fastify's types take a hop count as a function: trust the nearest `hops` proxies. */
const fastifyTrustProxy = (v: boolean | number | string) =>
  typeof v === 'number' ? (_address: string, hop: number) => hop < v : v;

export async function buildApp(
  ctx: AppContext,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: ctx.config.logLevel },
    bodyLimit: BODY_LIMIT,
    // Fastify logs each request twice at info; requestLog below logs one line at debug instead,
    // so the start banner and warnings stay readable (LOG_LEVEL=debug shows the requests).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: options.trustProxy ?? fastifyTrustProxy(ctx.config.trustProxy),
    // Unknown query keys are rejected by the strict schemas instead of being dropped silently.
    ajv: { customOptions: { removeAdditional: false } },
    // The seeds write some paths with a trailing slash (seed 002 §7: `/sources/`,
    // `/activities/search/`, `/treatments/`): both forms answer.
    routerOptions: { ignoreTrailingSlash: true },
    // The modules' seeds run in an onReady hook (reference tables on a first start); Fastify's 10 s
    // default failed a start on a loaded machine. A start that hangs still ends, after two minutes.
    pluginTimeout: 120_000,
    // Router and HTTP parser errors answer `{ code, message }` like every other error.
    frameworkErrors,
    clientErrorHandler,
    ...options,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // JSON Merge Patch bodies are JSON documents (seed 000 §7: patches use merge-patch).
  app.addContentTypeParser(
    'application/merge-patch+json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    app.getDefaultJsonParser('error', 'error'),
  );

  await registerSecurityHeaders(app, ctx.config.appUrl);
  await app.register(cookie, { secret: ctx.config.sessionSecret });
  await app.register(rateLimit, {
    global: false,
    // The per-IP limits count in the same store as the others: shared on PostgreSQL.
    store: fastifyRateLimitStore(ctx.limitStore),
    errorResponseBuilder: () => new AppError('tooManyRequests'),
  });
  await app.register(multipart, { limits: { fileSize: MAPPING_UPLOAD_MAX_BYTES, files: 1 } });
  await registerOpenApi(app);
  addRequestHooks(app, ctx);
  app.setErrorHandler(sendError);
  registerHealth(app, ctx);

  await registerModules(app, ctx);
  await serveWebApp(app, ctx);
  return app;
}

/** The OpenAPI document and its viewer at /api/docs. */
async function registerOpenApi(app: FastifyInstance) {
  // Collection items are shared components (`namedSchemas`), error answers shared responses.
  const schemaTransform = createJsonSchemaTransform({ schemaRegistry: namedSchemas });
  const objectTransform = createJsonSchemaTransformObject({ schemaRegistry: namedSchemas });
  await app.register(swagger, {
    transformObject: (doc) =>
      pruneUnusedSchemas(refErrorAnswers(objectTransform(doc) as Parameters<typeof refErrorAnswers>[0])),
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Klimadesk API', version: PRODUCT_VERSION, license: { name: 'Proprietary' } },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
    },
    transform: (args) => {
      const out = schemaTransform(args);
      const config = args.route.config as { apiRoute?: ApiRoute; rateLimit?: unknown } | undefined;
      const route = config?.apiRoute;
      if (!route) return out;
      const schema = out.schema as Record<string, unknown>;
      // Public operations say so, so that a generated client sends no credentials there.
      if (route.access === 'public') schema.security = [];
      schema.response = {
        ...(schema.response as object),
        ...errorAnswers(route, config.rateLimit !== undefined),
      };
      return out;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/** The actor and language of each request, its log line, the text check and the user action log. */
function addRequestHooks(app: FastifyInstance, ctx: AppContext) {
  // Routes of a module ask for its booking (`mount`); the booking rows are kept per process and
  // compared with today on every call, so a booking that ends counts from that day.
  app.decorate('bookedModules', async (actor: Actor) => {
    const access = await moduleAccess(ctx, actor.companyId, undefined, actor.company.modules);
    return access.modules;
  });
  app.decorateRequest('actor', null);
  app.decorateRequest('lang', 'de');
  app.addHook('onRequest', async (req) => {
    req.lang = requestLanguage(req.headers['accept-language']);
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs')) return;
    const auth = req.headers.authorization;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : req.cookies[SESSION_COOKIE];
    // An unknown or ended session leaves the actor empty; the access check answers 401/50100.
    // An API key (X-Api-Key or a `kdk_` bearer token) stands for its company; else the session.
    req.actor =
      (await apiKeyActor(ctx.db, req)) ??
      (token ? await resolveSession(ctx.db, token, ctx.sessionCache) : null);
  });

  app.addHook('onResponse', async (req, reply) => requestLog(req, reply));

  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.config?.apiRoute) rejectUnsafeText(req);
  });

  // Every write a signed-in user makes lands in the user action log.
  app.addHook('onSend', async (req, reply, payload) => {
    const route = req.routeOptions.config?.apiRoute;
    if (!route || route.method === 'GET') return payload;
    // A write answers only once this process has applied the session changes it made, so the
    // caller's next request never meets the session as it was (platform/auth/auth-cache.ts).
    const synced = ctx.authChannel?.sync((p) => notifyAuthChannel(ctx.db, AUTH_CHANNEL, p));
    if (!req.actor) {
      await synced;
      return payload;
    }
    await recordAction(ctx.db, {
      companyId: req.actor.companyId,
      actor: req.actor,
      action: route.id,
      entity: route.tag,
      entityId: writtenEntityId(req, reply, payload),
      status: reply.statusCode < 400 ? 'success' : 'failure',
    }).catch((err) => req.log.error({ err }, 'could not write the user action log'));
    await synced;
    return payload;
  });
}

/** The id a write names in its path, else the id of the object it answers. */
function writtenEntityId(req: FastifyRequest, reply: FastifyReply, payload: unknown): string | null {
  const params = (req.params ?? {}) as Record<string, string>;
  let entityId = params.id ?? params.group ?? null;
  if (!entityId && typeof payload === 'string' && payload.length < 100_000 && reply.statusCode < 300) {
    try {
      const parsed = JSON.parse(payload) as { id?: unknown };
      if (typeof parsed.id === 'string') entityId = parsed.id;
    } catch {
      // Not JSON: nothing to take an id from.
    }
  }
  return entityId;
}

/** Every error answers `{ code, message }` from the error catalogue. */
function sendError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const send = (e: AppError) => reply.code(e.status).send(e.toBody());
  if (err instanceof AppError) return send(err);
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => ({
      path: `${err.validationContext ?? ''}${v.instancePath}`,
      message: v.message,
    }));
    return send(new AppError('validationFailed', { issues }));
  }
  if (isResponseSerializationError(err)) {
    req.log.error({ err, cause: (err as { cause?: unknown }).cause }, 'response does not match its schema');
    return send(new AppError('internalError'));
  }
  const e = err as { code?: string; statusCode?: number };
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return send(new AppError('invalidJson'));
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return send(new AppError('payloadTooLarge'));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return send(new AppError('unsupportedMediaType'));
    case 'FST_ERR_VALIDATION':
      return send(
        new AppError('validationFailed', { issues: [{ path: '', message: (err as Error).message }] }),
      );
  }
  if (e instanceof SyntaxError || e.statusCode === 400) return send(new AppError('invalidJson'));
  if (e.statusCode === 429) return send(new AppError('tooManyRequests'));
  if (isDatabaseUnavailable(err)) {
    req.log.warn({ err }, 'database connection unavailable');
    reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
    return send(new AppError('databaseUnavailable'));
  }
  if (isUnstorableText(err)) return send(new AppError('invalidCharacters'));
  req.log.error({ err }, 'unhandled error');
  return send(new AppError('internalError'));
}

function registerHealth(app: FastifyInstance, ctx: AppContext) {
  const health = healthCheck(ctx.dbKind);
  app.get('/health', { schema: { hide: true } }, async (_req, reply) => {
    // Built-in locations load for a while after a first start; searches find little until ready.
    // `jobs` says whether start-up work (the demo import) is still queued or running, so load
    // tests and deployments can wait for it.
    const probe = async () => {
      const [busy] = rowsOf<{ busy: boolean }>(
        await ctx.db.execute(
          sql`select exists (select 1 from jobs where status = 'running' or (status = 'queued' and run_at <= now())) as busy`,
        ),
      );
      return {
        status: 'ok',
        version: PRODUCT_VERSION,
        locations: await builtinReadiness(ctx.db),
        jobs: busy?.busy ? 'busy' : 'idle',
      };
    };
    try {
      return await health(probe, () => ({
        status: 'ok',
        version: PRODUCT_VERSION,
        database: 'busy',
        jobs: 'busy',
      }));
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}

/** The built web app when present; unknown API paths answer `routeNotFound`. */
async function serveWebApp(app: FastifyInstance, ctx: AppContext) {
  const webDist = ctx.config.webDist ?? join(import.meta.dirname, '../../web/dist');
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` beside each text file (apps/web/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', staticCacheControl(path)),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !hasWeb) {
      const e = new AppError('routeNotFound');
      return reply.code(e.status).send(e.toBody());
    }
    // The web app routes on the client: every other GET gets its shell.
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
