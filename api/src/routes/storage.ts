import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storageEndpoints } from 'shared-sdk';
import { storedImageQuerySchema } from 'shared-sdk/schemas';
import { z } from 'zod';
import { requireUser } from '../auth/workspace-access';
import { errorResponses, signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { readUploadedFile } from '../http/uploaded-file';
import { notSignedIn } from '../auth/auth-errors';
import { authorizeStoragePath } from '../services/storage-access';
import type { StorageCaller } from '../services/storage-access';
import type { ServedFile } from '../services/storage';
import { attachmentDisposition, requireStoragePath } from '../services/storage-paths';
import { checkAccessToken } from '../services/sessions';
import { presentedVisitorToken } from '../http/visitor-token';
import { findVisitor, visitorUnknown } from '../services/visitors';

/** Headers of every stored file served: never sniffed, never run as a page. */
function sendStored(reply: FastifyReply, file: ServedFile, cacheControl: string) {
  return reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', cacheControl)
    .send(file.bytes);
}

const wildcardParams = z.object({ '*': z.string() });

/**
 * product-spec.md §7 "File uploads" to the four path shapes of product-spec.md §3:
 * - POST /api/storage/upload?path=<path>: the file in the multipart form-data field "file"
 *   (signed in; the caller's own photo folder, or a member of the path's workspace).
 * - GET /api/storage/images/<path>?w=<css width>&dpr=1|2: the image as webp (product-spec.md §9), to
 *   anyone who has the URL (its random suffix cannot be guessed; the widget shows chatbot photos
 *   to signed-out customers).
 * - GET /api/storage/attachments/<path>: the file as a download, to members of its workspace
 *   and to the conversation's visitor (the widget sends its visitor token in the Authorization
 *   header, never in the URL, where logs and shared links would keep it).
 */
export const storageRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['storage'];
  // Here only: no other route takes multipart bodies.
  await app.register(fastifyMultipart);

  /** A signed-in user, else the widget's visitor (Authorization: Bearer <visitorToken>). */
  async function attachmentReader(request: FastifyRequest): Promise<StorageCaller> {
    if (request.user) return { kind: 'user', userId: request.user.id };
    const visitorToken = presentedVisitorToken(request);
    if (visitorToken) {
      const visitor = await findVisitor(app.db, visitorToken);
      if (!visitor) throw visitorUnknown();
      return { kind: 'visitor', customerId: visitor.id, workspaceId: visitor.workspaceId };
    }
    // No visitor: the access token's own refusal (expired, account disabled), as elsewhere.
    const token =
      request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ??
      (request.cookies[app.config.sessionCookie.name] || undefined);
    if (!token) throw notSignedIn();
    const check = await checkAccessToken(app.db, app.identity, token);
    throw check.ok ? notSignedIn() : check.error;
  }

  app.route({
    ...endpointRoute(storageEndpoints.upload, {
      tags,
      summary: 'Upload a file (multipart form-data field "file") to a product-spec.md §3 path',
      description:
        'The path ends with the original file name, e.g. images/users/<userId>/me.png. Images ' +
        '(images/*) must be PNG, JPEG, WebP, GIF or AVIF by content; they are re-encoded ' +
        'without metadata. Attachments are kept as they are. The stored name gets a random ' +
        'suffix.',
      errors: {
        ...signedInErrors,
        400: "invalid-argument: 'Invalid path format.', not an image, too large, no file",
        403: 'permission-denied: another user’s photo folder; auth/user-disabled',
        404: 'not-found: no such workspace or chatbot, or not a member of the workspace',
        503: "unavailable: 'Cannot upload to storage'",
      },
      handlerChecksText: true,
    }),
    handler: async (request, reply) => {
      const { id } = requireUser(request);
      const stored = await app.storage.upload(app.db, {
        path: request.query.path,
        caller: { kind: 'user', userId: id },
        readFile: async () => (await readUploadedFile(request, app.storage.maxUploadBytes)).bytes,
      });
      return reply.code(201).send(stored);
    },
  });

  app.get(
    '/storage/images/*',
    {
      // Served to anyone with the URL (image tags send no token).
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A stored image as webp, quality 90, at a CSS width and density 1 or 2',
        description:
          'w is rounded up to the next of 16…1920; without it 1280. The image is never ' +
          'enlarged. Served to anyone with the URL.',
        params: wildcardParams,
        querystring: storedImageQuerySchema,
        response: errorResponses({
          400: "invalid-argument: 'Invalid path format.', bad w or dpr",
          404: 'not-found',
        }),
      },
    },
    async (request, reply) => {
      const { row } = await app.storage.find(app.db, `images/${request.params['*']}`, 'image');
      const { w, dpr } = request.query;
      const file = await app.storage.readImageVariant(row, w, dpr === '2' ? 2 : 1);
      // The path's random suffix makes every stored image a new URL: cached for good.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      return sendStored(reply, file, 'public, max-age=31536000, immutable');
    },
  );

  app.get(
    '/storage/attachments/*',
    {
      // A visitor token is no access token: the guard lets it through, the handler checks it.
      config: { auth: 'optional' },
      schema: {
        tags,
        summary:
          "A stored attachment, as a download (members of its workspace, the conversation's visitor)",
        params: wildcardParams,
        response: errorResponses({
          ...signedInErrors,
          400: "invalid-argument: 'Invalid path format.'",
          404: 'not-found: no such file or conversation, or not a member of its workspace',
        }),
      },
    },
    async (request, reply) => {
      const storedPath = `attachments/${request.params['*']}`;
      const target = requireStoragePath(storedPath);
      await authorizeStoragePath(app.db, await attachmentReader(request), target);
      const { row } = await app.storage.find(app.db, storedPath, 'attachment');
      const file = await app.storage.readAttachment(row);
      reply.header('content-disposition', attachmentDisposition(row.originalName));
      return sendStored(reply, file, 'private, max-age=86400');
    },
  );
};
