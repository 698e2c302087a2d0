import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document built from the routes' zod schemas, browsable at /api/docs. */
export const swaggerPlugin = fp(
  async (app) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Parley API',
          description: 'Business chatbot and customer-support platform',
          version: '0.1.0',
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      // The validator badge would load an image from validator.swagger.io, which the CSP blocks.
      uiConfig: { validatorUrl: null },
    });
  },
  { name: 'swagger' },
);
