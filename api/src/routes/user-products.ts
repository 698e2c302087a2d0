import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead, memberWrite } from '../http/member-write';
import { ProgressReply, wantsProgress } from '../http/progress-reply';
import {
  changeProduct,
  createProduct,
  isProductIdConflict,
  isSkuConflict,
  productNotFound,
  removeProducts,
  skuTaken,
} from '../services/products';
import { importProducts } from '../services/product-import';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field, or the SKU already in use',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace (or not a member), or no such product in it',
};
const tags = ['products'];

/** A SKU taken by a concurrent write after this one checked it: the same answer as before. */
const withSkuConflict = async <T>(sku: string, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (err) {
    throw isSkuConflict(err) ? skuTaken(sku) : err;
  }
};

/**
 * product-spec.md §7 products: the catalogue the bot answers price and stock questions from. Admins of the
 * workspace; reads are live (collection products, totals in statistics).
 */
export const userProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(productEndpoints.create, {
      tags,
      summary: 'Add a product under the id the client chose (a retry adds nothing)',
      errors,
    }),
    handler: async (request, reply) => {
      const { workspaceId, productId, ...fields } = request.body;
      const create = () =>
        memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
          createProduct(trx, workspaceId, productId, fields, now, app.storage),
        );
      const product = await withSkuConflict(fields.sku, async () => {
        try {
          return await create();
        } catch (err) {
          // Tried again, the create finds the product the concurrent one stored, and answers it.
          if (isProductIdConflict(err)) return create();
          throw err;
        }
      });
      return reply.code(201).send(product);
    },
  });

  app.route({
    ...endpointRoute(productEndpoints.update, {
      tags,
      summary: 'Change a product, and optionally enable or disable it',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, productId, ...fields } = request.body;
      return withSkuConflict(fields.sku, () =>
        memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
          changeProduct(trx, workspaceId, productId, fields, now, app.storage),
        ),
      );
    },
  });

  app.route({
    ...endpointRoute(productEndpoints.import, {
      tags,
      summary: 'Write up to 10,000 products by SKU (a CSV import): every row, or none',
      description:
        'Written in chunks that let other work through; one import per workspace at a time.',
      errors: {
        ...errors,
        400:
          'invalid-argument: the message names the offending row and field (body.products.3.price); ' +
          "or the import would take the workspace past its plan's products",
        409: 'products/import-under-way: another import of the workspace has not finished',
      },
    }),
    // 10,000 products with descriptions run to a few megabytes.
    bodyLimit: 16 * 1024 * 1024,
    // Progress lines must leave as they are written, not when a compressor's buffer fills.
    compress: false,
    handler: async (request, reply) => {
      const { workspaceId, products } = request.body;
      const progress = new ProgressReply(request, reply, 201);
      const write = async () => {
        // Checked before anything is written, and again by the import's last step.
        const member = await memberRead(app, request, workspaceId, 'admin');
        return importProducts(app.db, {
          workspaceId,
          userId: member.userId,
          rows: products,
          clock: () => app.identity.now(),
          storage: app.storage,
          log: request.log,
          onProgress: wantsProgress(request) ? progress.report : undefined,
        });
      };
      return progress.send(write());
    },
  });

  app.route({
    ...endpointRoute(productEndpoints.delete, {
      tags,
      summary: 'Delete one product, several, or every product of a status',
      description:
        "Another workspace's product ids delete nothing; one id that matches nothing is a 404.",
      errors,
    }),
    handler: async (request) => {
      const { body } = request;
      const deleted = await memberWrite(app, request, body.workspaceId, 'admin', ({ trx, now }) =>
        'where' in body
          ? removeProducts(trx, body.workspaceId, { status: body.where.status }, now)
          : removeProducts(
              trx,
              body.workspaceId,
              { ids: 'productId' in body ? [body.productId] : body.productIds },
              now,
            ),
      );
      if ('productId' in body && deleted === 0) throw productNotFound(body.productId);
      return { deleted };
    },
  });
};
