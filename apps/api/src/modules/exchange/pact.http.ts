import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pactSchemas as p } from '@klimadesk/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { rejectUnsafeText } from '../../platform/http-errors.ts';
import type { RateLimit } from '../../platform/modules.ts';
import { type PactClient, clientOfToken, recordFetches, requireScope } from './exchange.service.ts';
import { openIdConfiguration, parseForm, tokenHandler } from './pact.auth.ts';
import { OAuthError, PactError, type Surface, noSuchFootprint } from './pact.errors.ts';
import { receiveEvent } from './pact.events.ts';
import { queueAnswer } from './exchange.answers.ts';
import { type V3Criteria, matchesProduct, matchesValidity, parseV2Filter, planV3 } from './pact.filters.ts';
import { toV2, toV3 } from './pact.footprints.ts';
import {
  DEFAULT_PAGE,
  MAX_PAGE,
  companyUrn,
  decodeCursor,
  encodeCursor,
  footprintById,
  footprintPage,
} from './pact.serve.ts';
import { decodeTadCursor, encodeTadCursor, tadFilters, tadPage } from './pact.tad.ts';

declare module 'fastify' {
  interface FastifyRequest {
    pactClient: PactClient | null;
  }
  interface FastifyContextConfig {
    pactSurface?: Surface;
  }
}

/**
 * The exchange under `/pact` (PACT v2.3 and v3.0 HTTP REST API, iLEAP v1.0.1 §7): outside the
 * session and the route table, with its own authentication (bearer tokens of exchange clients)
 * and the error bodies of the specifications.
 */
const many = z
  .union([z.string().max(2000), z.array(z.string().max(2000)).max(100)])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .optional();
const limit = z.coerce.number().int().min(1).optional();
const cursor = z.string().max(200).optional();
const dateTime = z.iso.datetime({ offset: true }).optional();

const v3Query = z.strictObject({
  limit,
  cursor,
  productId: many,
  companyId: many,
  geography: many,
  classification: many,
  validOn: dateTime,
  validAfter: dateTime,
  validBefore: dateTime,
  status: z.string().max(100).optional(),
});
const v2Query = z.strictObject({ limit, cursor, $filter: z.string().max(2000).optional() });
const tadQuery = z.looseObject({ limit, cursor });
const idParams = z.strictObject({ id: z.string().max(200) });

const errors = { 400: p.error, 401: p.error, 403: p.error, 500: p.error };
const bearer = [{ bearer: [] }];

/** `Link` to the next page (v2/v3 "Pagination"): absolute, on the request's own host. */
function linkTo(req: FastifyRequest, cursorText: string): string {
  const url = new URL(req.url, `${req.protocol}://${req.headers.host ?? 'localhost'}`);
  url.searchParams.set('cursor', cursorText);
  return `<${req.protocol}://${req.headers.host}${url.pathname}${url.search}>; rel="next"`;
}

const pageSize = (n: number | undefined) => Math.min(n ?? DEFAULT_PAGE, MAX_PAGE);

function sendError(req: FastifyRequest, reply: FastifyReply, e: PactError | OAuthError) {
  if (e.status === 401)
    reply.header(
      'www-authenticate',
      e instanceof OAuthError ? 'Basic realm="pact"' : 'Bearer realm="pact", error="invalid_token"',
    );
  req.log.debug({ err: e }, 'exchange request refused');
  return reply.code(e.status).send(e.body());
}

/** Every failure of a /pact route as the spec's error body of that route's surface. */
function errorHandler(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  const surface = req.routeOptions.config?.pactSurface;
  const auth = surface === 'auth';
  if (err instanceof PactError || err instanceof OAuthError) return sendError(req, reply, err);
  const status = (err as { statusCode?: number }).statusCode;
  if ((err instanceof AppError && err.key === 'tooManyRequests') || status === 429)
    return sendError(req, reply, new OAuthError('temporarily_unavailable', 'Too many requests', 429));
  const invalid =
    hasZodFastifySchemaValidationErrors(err) ||
    (err instanceof AppError && err.status < 500) ||
    (status !== undefined && status >= 400 && status < 500);
  if (invalid) {
    const message = hasZodFastifySchemaValidationErrors(err)
      ? `Invalid ${err.validationContext ?? 'request'}: ${err.validation.map((v) => `${v.instancePath} ${v.message}`).join('; ')}`
      : 'Bad Request';
    return sendError(
      req,
      reply,
      auth ? new OAuthError('invalid_request', message) : new PactError('BadRequest', message),
    );
  }
  req.log.error({ err }, 'exchange request failed');
  return sendError(
    req,
    reply,
    new PactError('InternalError', 'An internal or unexpected error has occurred'),
  );
}

export function pactPlugin(ctx: AppContext, ipLimit: RateLimit) {
  const https = ctx.config.appUrl.startsWith('https:');
  const authenticate = (surface: Surface) => async (req: FastifyRequest) => {
    req.pactClient = await clientOfToken(ctx, req.headers.authorization, surface);
  };
  const route = (surface: Surface, withToken = true) => ({
    config: { pactSurface: surface },
    ...(withToken ? { onRequest: authenticate(surface) } : {}),
  });

  return async function pact(app: FastifyInstance): Promise<void> {
    app.decorateRequest('pactClient', null);
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_r, body, done) => done(null, parseForm(body as string)),
    );
    app.addContentTypeParser(
      'application/cloudevents+json',
      { parseAs: 'string' },
      app.getDefaultJsonParser('error', 'error'),
    );
    app.setErrorHandler(errorHandler);
    // An unknown version or action (`/pact/4/footprints`): NotImplemented (v2/v3 error table).
    app.setNotFoundHandler((req, reply) =>
      sendError(
        req,
        reply,
        new PactError('NotImplemented', `${req.method} ${req.url.split('?')[0]} is not implemented`),
      ),
    );
    // Actions only over HTTPS where the product is served over HTTPS (v2 §6.2, v3 "Host System").
    app.addHook('onRequest', async (req) => {
      if (https && req.protocol !== 'https')
        throw req.routeOptions.config?.pactSurface === 'auth'
          ? new OAuthError('invalid_request', 'HTTPS is required')
          : new PactError('BadRequest', 'HTTPS is required');
    });
    app.addHook('preValidation', async (req) => rejectUnsafeText(req));

    app.post('/auth/token', {
      ...route('auth', false),
      config: { pactSurface: 'auth', rateLimit: ipLimit },
      schema: {
        operationId: 'pactAuthenticate',
        tags: ['pact'],
        summary: 'Action Authenticate: OAuth 2.0 client credentials (HTTP Basic), answers a bearer token',
        security: [],
        response: { 200: p.tokenResponse, 400: p.oauthError, 401: p.oauthError, 429: p.oauthError },
      },
      handler: (req, reply) => tokenHandler(ctx, req, reply),
    });
    app.get('/.well-known/openid-configuration', {
      ...route('auth', false),
      schema: {
        operationId: 'pactOpenIdConfiguration',
        tags: ['pact'],
        summary: 'OpenID Provider Configuration Document',
        security: [],
        response: { 200: p.openIdConfiguration, 400: p.oauthError },
      },
      handler: (req) => openIdConfiguration(`${req.protocol}://${req.headers.host}/pact`),
    });
    mountFootprints(app, ctx, route);
    mountItems(app, ctx, route);
    mountV2Extras(app, ctx, route);
  };
}

type RouteOf = (surface: Surface, withToken?: boolean) => { config: { pactSurface: Surface } };

/** ListFootprints of both versions. */
function mountFootprints(app: FastifyInstance, ctx: AppContext, route: RouteOf) {
  app.get('/3/footprints', {
    ...route('v3'),
    schema: {
      operationId: 'pactV3ListFootprints',
      tags: ['pact'],
      summary: 'PACT v3 ListFootprints',
      security: bearer,
      querystring: v3Query,
      response: { 200: p.footprintListV3, ...errors },
    },
    handler: async (req, reply) => {
      const client = req.pactClient!;
      requireScope(client, 'footprint:list');
      const q = req.query as z.output<typeof v3Query>;
      const criteria: V3Criteria = q;
      const page = await footprintPage(ctx, client, {
        limit: pageSize(q.limit),
        cursor: decodeCursor(q.cursor),
        plan: planV3(criteria, companyUrn(client.companyId)),
        keep: (f) => matchesProduct(f, criteria) && matchesValidity(f, criteria),
      });
      if (page.next) reply.header('link', linkTo(req, encodeCursor(page.next)));
      await recordFetches(ctx, client, page.items);
      return { data: page.items.map((f) => toV3(f, client)) };
    },
  });
  app.get('/2/footprints', {
    ...route('v2'),
    schema: {
      operationId: 'pactV2ListFootprints',
      tags: ['pact'],
      summary: 'PACT v2 ListFootprints (iLEAP ShipmentFootprint, TOC, HOC)',
      security: bearer,
      querystring: v2Query,
      response: { 200: p.footprintListV2, ...errors },
    },
    handler: async (req, reply) => {
      const client = req.pactClient!;
      requireScope(client, 'footprint:list');
      const q = req.query as z.output<typeof v2Query>;
      const filter = parseV2Filter(q.$filter ?? '');
      const page = await footprintPage(ctx, client, {
        limit: pageSize(q.limit),
        cursor: decodeCursor(q.cursor),
        plan: { none: false, keys: null },
        keep: (f) => filter(toV2(f, client)),
      });
      if (page.next) reply.header('link', linkTo(req, encodeCursor(page.next)));
      await recordFetches(ctx, client, page.items);
      return { data: page.items.map((f) => toV2(f, client)) };
    },
  });
}

/** GetFootprint and Action Events of both versions. */
function mountItems(app: FastifyInstance, ctx: AppContext, route: RouteOf) {
  for (const version of [2, 3] as const) {
    const surface: Surface = version === 2 ? 'v2' : 'v3';
    app.get(`/${version}/footprints/:id`, {
      ...route(surface),
      schema: {
        operationId: `pactV${version}GetFootprint`,
        tags: ['pact'],
        summary: `PACT v${version} GetFootprint`,
        security: bearer,
        params: idParams,
        response: { 200: version === 2 ? p.footprintV2 : p.footprintV3, 404: p.error, ...errors },
      },
      handler: async (req) => {
        const client = req.pactClient!;
        requireScope(client, 'footprint:read');
        const { id } = req.params as { id: string };
        const f = await footprintById(ctx, client, id);
        if (!f) throw noSuchFootprint(surface, id);
        await recordFetches(ctx, client, [f]);
        return { data: version === 2 ? toV2(f, client) : toV3(f, client) };
      },
    });
    app.post(`/${version}/events`, {
      ...route(surface),
      schema: {
        operationId: `pactV${version}Events`,
        tags: ['pact'],
        summary: `PACT v${version} Action Events (CloudEvents, structured mode); 200 with an empty body`,
        security: bearer,
        response: { 200: z.null().describe('Event accepted; the body is empty'), ...errors },
      },
      handler: async (req, reply) => {
        const client = req.pactClient!;
        const request = await receiveEvent(ctx, client, version, req.body);
        if (request) await queueAnswer(ctx, client.companyId, request);
        return reply.code(200).send();
      },
    });
  }
}

function mountV2Extras(app: FastifyInstance, ctx: AppContext, route: RouteOf) {
  app.get('/2/ileap/tad', {
    ...route('tad'),
    schema: {
      operationId: 'ileapTransportActivityData',
      tags: ['pact'],
      summary: 'iLEAP Action TransportActivityData',
      security: bearer,
      querystring: tadQuery,
      response: { 200: p.tadList, ...errors },
    },
    handler: async (req, reply) => {
      const q = req.query as z.output<typeof tadQuery>;
      const page = await tadPage(ctx, req.pactClient!, {
        limit: pageSize(q.limit),
        cursor: decodeTadCursor(q.cursor),
        filters: tadFilters(q),
      });
      if (page.next) reply.header('link', linkTo(req, encodeTadCursor(page.next)));
      return { data: page.items };
    },
  });
}
