import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerEndpoints } from 'shared-sdk';
import { signedInErrors } from '../errors/error-responses';
import { endpointRoute } from '../http/endpoint-route';
import { memberRead, memberWrite } from '../http/member-write';
import {
  eraseCustomer,
  exportCustomer,
  listErasures,
  mergeCustomers,
} from '../services/customer-lifecycle';
import { customerDetails, listCustomers, updateCustomer } from '../services/customers';

const errors = {
  ...signedInErrors,
  400: 'invalid-argument: the message names the offending field',
  403: 'permission-denied: not an admin of the workspace; auth/user-disabled',
  404: 'not-found: no such workspace or not a member of it; no such customer in it',
  409: 'invalid-argument: the customer was erased',
};
const tags = ['customers'];

/**
 * The Customers page (issue 44), for admins of the workspace like every workspace page (spec
 * §2). A customer of another workspace is not found, as if it did not exist.
 */
export const userCustomersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...endpointRoute(customerEndpoints.list, {
      tags,
      summary: "A page of the workspace's customers, by last seen or by name",
      errors,
    }),
    handler: async (request) => {
      const { query } = request;
      await memberRead(app, request, query.workspaceId, 'admin');
      return listCustomers(app.db, query);
    },
  });

  app.route({
    ...endpointRoute(customerEndpoints.get, {
      tags,
      summary: 'A customer with their conversations, tickets and ratings',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, customerId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      return customerDetails(app.db, workspaceId, customerId);
    },
  });

  app.route({
    ...endpointRoute(customerEndpoints.update, {
      tags,
      summary: "Correct a customer's name, e-mail address or order id",
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, customerId, ...identity } = request.body;
      return memberWrite(app, request, workspaceId, 'admin', ({ trx, now }) =>
        updateCustomer(trx, workspaceId, customerId, identity, now),
      );
    },
  });

  app.route({
    ...endpointRoute(customerEndpoints.merge, {
      tags,
      summary: "Move one customer's conversations and tickets to another; the first one goes",
      errors: {
        ...errors,
        400: 'invalid-argument: "A customer cannot be merged with itself"',
      },
    }),
    handler: async (request) =>
      memberWrite(app, request, request.body.workspaceId, 'admin', ({ trx, now }) =>
        mergeCustomers(trx, request.body, now),
      ),
  });

  app.route({
    ...endpointRoute(customerEndpoints.export, {
      tags,
      summary: 'Everything held about a customer, as JSON (a data-access request)',
      errors,
    }),
    handler: async (request, reply) => {
      const { workspaceId, customerId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      const data = await exportCustomer(app.db, workspaceId, customerId, app.identity.now());
      void reply.header(
        'content-disposition',
        `attachment; filename="customer-${customerId}.json"`,
      );
      return data;
    },
  });

  app.route({
    ...endpointRoute(customerEndpoints.erase, {
      tags,
      summary: "Erase a customer's messages, files, notes and details; the statistics stay exact",
      errors,
    }),
    handler: async (request) => {
      const { workspaceId, customerId } = request.body;
      const { filePaths, ...erased } = await memberWrite(
        app,
        request,
        workspaceId,
        'admin',
        ({ trx, now, member }) =>
          eraseCustomer(trx, { workspaceId, customerId, erasedBy: member.userId }, now),
      );
      // After the commit: a rollback must leave the files where their rows say they are.
      await app.storage.removeFiles(filePaths);
      return erased;
    },
  });

  app.route({
    ...endpointRoute(customerEndpoints.erasures, {
      tags,
      summary: 'The audit list: who erased which customer, and when',
      errors,
    }),
    handler: async (request) => {
      const { workspaceId } = request.query;
      await memberRead(app, request, workspaceId, 'admin');
      return { erasures: await listErasures(app.db, workspaceId) };
    },
  });
};
