import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/** gzip / brotli / deflate for API answers and the built apps' files alike. */
export const compressPlugin = fp(
  async (app) => {
    await app.register(fastifyCompress, { encodings: ['br', 'gzip', 'deflate'] });
  },
  { name: 'compress' },
);
