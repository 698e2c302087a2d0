import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/** Reads and sets cookies; the sign-in cookie of POST /api/session is the only one. */
export const cookiePlugin = fp(
  async (app) => {
    await app.register(fastifyCookie);
  },
  { name: 'cookie' },
);
