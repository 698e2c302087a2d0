import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../errors/error-responses';
import { HttpError } from '../errors/http-error';

/**
 * The sign-in cookie counts only on an upgrade from this site's own pages (or from a client
 * that is no browser and sends no Origin): another site's page must not open a connection that
 * reads as its visitor (cross-site WebSocket hijacking). A token in an `auth` message always
 * counts.
 */
function cookieToken(request: FastifyRequest, cookieName: string, publicUrl: string) {
  // The widget's window is served from this site too, but signs in with its visitor token: an
  // agent trying the widget on their own site must not be signed in as themselves.
  if ((request.query as { as?: string }).as === 'visitor') return undefined;
  const origin = request.headers.origin;
  const ownOrigins = [new URL(publicUrl).origin, `${request.protocol}://${request.host}`];
  if (origin !== undefined && !ownOrigins.includes(origin)) return undefined;
  return request.cookies[cookieName] || undefined;
}

/**
 * product-spec.md §7 live reads: GET /api/live, one WebSocket per tab. Protocol (shared-sdk
 * schemas/live.ts): `auth` first (or the sign-in cookie, unless `?as=visitor`), then `subscribe` / `unsubscribe` by id;
 * the server answers `ready`, then per subscription a `snapshot` and `changes` in commit order,
 * or an `error` with the id when the subscription ends.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessionCookie, publicUrl } = app.config;

  app.route({
    method: 'GET',
    url: '/live',
    schema: {
      tags: ['live'],
      summary: 'Live queries over a WebSocket (upgrade only)',
      description:
        'Messages are JSON (shared-sdk LiveClientMessage / LiveServerMessage). A plain HTTP request is answered 400.',
      response: errorResponses({ 400: 'invalid-argument: not a WebSocket upgrade' }),
    },
    handler: async () => {
      throw new HttpError(400, 'GET /api/live is a WebSocket: open it with an upgrade');
    },
    wsHandler: (socket, request) => {
      app.live.accept(socket, cookieToken(request, sessionCookie.name, publicUrl));
    },
  });
};
