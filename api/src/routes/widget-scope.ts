import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pageOriginSchema } from 'shared-sdk/schemas';
import { HttpError } from '../errors/http-error';
import { addressGroup } from '../http/address-group';
import { presentedVisitorToken } from '../http/visitor-token';
import { findVisitor, requireVisitor, type Visitor } from '../services/visitors';

/**
 * Who a widget call is from. `required`: the visitor of the token presented, else 401.
 * `resumable` (starting a session): the visitor of the token, if it is one of the workspace the
 * body names; else a new visitor will be made.
 */
export type WidgetCaller = 'required' | 'resumable';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The widget's routes: who the call is from (widget-scope.ts). */
    widgetCaller?: WidgetCaller;
  }
  interface FastifyRequest {
    /** The calling visitor, for a widget route whose caller is required or resumed. */
    visitor?: Visitor;
    /** The token presented, when it resumed `visitor` (a resumable widget route). */
    resumedToken?: string;
  }
}

const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, `Too many requests; try again in ${retryAfterSeconds} s`);

/**
 * The visitor of a widget call that has one (set by the scope's hook; a route without a
 * `widgetCaller` has none).
 */
export function visitorOf(request: FastifyRequest): Visitor {
  if (!request.visitor) throw new Error(`${request.routeOptions.url} names no widget caller`);
  return request.visitor;
}

/**
 * The page the widget runs on: the window says (it is framed by the page, so its own calls
 * carry the API's origin); a loader or script calling directly has the page's Origin header.
 */
export function pageOriginOf(stated: string | undefined, originHeader: string | undefined) {
  if (stated) return stated;
  const parsed = pageOriginSchema.safeParse(originHeader);
  return parsed.success ? parsed.data : undefined;
}

/**
 * What every widget call shares, for the widget routes' scope only (registered inside it):
 *
 * CORS: open (any origin, no credentials). The chat window runs in an iframe of this origin, so
 * its own calls need none, but the loader runs on the business's site and may call sessions
 * there; and the visitor token is a header, never a cookie, so a page of another site holds no
 * ambient authority here: it can do nothing a script outside any browser could not do.
 *
 * The caller: the visitor of the token presented (`config.widgetCaller`), counted against the
 * limits that bound abuse: per visitor token and per workspace, and new sessions per client
 * address (on top of every /api call's own per-address limit).
 */
export const widgetScope = fp(async (app) => {
  const { rateLimit } = app.config.widget;

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('vary', 'origin');
  });
  app.options('/widget/*', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'authorization, content-type')
      .header('access-control-max-age', '600')
      .code(204)
      .send(),
  );

  // Keys of the limits below, per request: the visitor's token digest, the workspace.
  const limitKeys = new WeakMap<FastifyRequest, string>();
  const limiter = (max: number) =>
    app.createRateLimit({
      max,
      timeWindow: '1 minute',
      keyGenerator: (request) => limitKeys.get(request) ?? request.ip,
    });
  const limiters = {
    visitor: limiter(rateLimit.perVisitorPerMinute),
    workspace: limiter(rateLimit.perWorkspacePerMinute),
    session: limiter(rateLimit.sessionsPerMinute),
  };
  /** Counts the request against one limit; 429 resource-exhausted past it. */
  async function limit(kind: keyof typeof limiters, request: FastifyRequest, key: string) {
    limitKeys.set(request, `widget-${kind}:${key}`);
    const result = await limiters[kind](request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(result.ttlInSeconds);
  }

  // After the body is parsed and checked (a malformed call is refused first, as before any
  // look-up), before the handler.
  app.addHook('preHandler', async (request) => {
    const caller = request.routeOptions.config.widgetCaller;
    if (!caller) return;
    const token = presentedVisitorToken(request);
    if (caller === 'required') {
      const visitor = await requireVisitor(app.db, token);
      await limit('visitor', request, visitor.visitorTokenHash);
      await limit('workspace', request, visitor.workspaceId);
      request.visitor = visitor;
      return;
    }
    const { workspaceId } = request.body as { workspaceId: string };
    const known = await findVisitor(app.db, token);
    if (token && known?.workspaceId === workspaceId) {
      request.visitor = known;
      request.resumedToken = token;
      await limit('visitor', request, known.visitorTokenHash);
    } else {
      await limit('session', request, addressGroup(request.ip));
    }
    await limit('workspace', request, workspaceId);
  });
});
