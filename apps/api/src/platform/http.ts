import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type ApiRoute,
  type Language,
  type ModuleCode,
  DEFAULT_LANGUAGE,
  LANGUAGES,
} from '@klimadesk/contract';
import { type Actor, checkAccess, checkModuleBooked } from './access.ts';

type In<S> = S extends z.ZodType ? z.output<S> : undefined;

export type HandlerInput<R extends ApiRoute> = {
  body: In<R['body']>;
  query: In<R['query']>;
  params: In<R['params']>;
  actor: R['access'] extends 'public' ? Actor | null : Actor;
  lang: Language;
  timeZone: string;
  ip: string;
  req: FastifyRequest;
  reply: FastifyReply;
};

export type Handler<R extends ApiRoute> = (input: HandlerInput<R>) => Promise<unknown> | unknown;

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    lang: Language;
    apiRoute?: ApiRoute;
  }
  interface FastifyContextConfig {
    apiRoute?: ApiRoute;
  }
  interface FastifyInstance {
    /** The modules the actor's company has a running booking of (the tariffs module's rule, set in app.ts). */
    bookedModules: (actor: Actor) => Promise<readonly ModuleCode[]>;
  }
}

/** The request language: Accept-Language (first supported tag), German by default. */
export function requestLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0].trim().slice(0, 2).toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return DEFAULT_LANGUAGE;
}

/** Time zone of requests that name none (or an unknown one): the German market's. */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

export function requestTimeZone(header: string | string[] | undefined): string {
  const tz = Array.isArray(header) ? header[0] : header;
  if (!tz) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

function successStatus(route: ApiRoute): number {
  const codes = Object.keys(route.response ?? { 200: null }).map(Number);
  return codes.find((c) => c >= 200 && c < 300) ?? 200;
}

/**
 * Mounts one entry of the route table: the access check, then validation from its zod schemas, and the success status from the table. Handlers stay thin and call services.
 */
export function mount<R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  handler: Handler<R>,
  options: { rateLimit?: { max: number; timeWindow: number }; bodyLimit?: number } = {},
): void {
  const status = successStatus(route);
  app.route({
    method: route.method,
    url: route.path,
    // A route that takes more than the server's default body (the bulk push).
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: { apiRoute: route, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    schema: {
      operationId: route.id,
      summary: route.summary,
      tags: [route.tag],
      ...(route.body ? { body: route.body } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.response ? { response: route.response } : {}),
      ...(route.access === 'public'
        ? {}
        : { security: [{ bearer: [] }, { cookie: [] }, ...(route.apiKey ? [{ apiKey: [] }] : [])] }),
    },
    // Access and booking before validation: a caller who may not use the route learns nothing from its input rules.
    preValidation: async (req) => {
      checkAccess(req.actor, route.access, route.write);
      if (route.module) await checkModuleBooked(req.actor, route.module, req.server.bookedModules);
    },
    handler: async (req, reply) => {
      const result = await handler({
        body: req.body as never,
        query: req.query as never,
        params: req.params as never,
        actor: req.actor as never,
        lang: req.lang,
        timeZone: requestTimeZone(req.headers['x-timezone']),
        ip: req.ip,
        req,
        reply,
      });
      if (reply.sent) return reply;
      reply.code(status);
      return result;
    },
  });
}

export const ok = (message = 'ok') => ({ code: 20000 as const, message });
