import type { FastifyRequest } from 'fastify';
import { isVisitorToken } from '../auth/visitor-tokens';

/** The visitor token of `Authorization: Bearer pv_…`, if the request carries one. */
export function presentedVisitorToken(request: FastifyRequest): string | undefined {
  const token = request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return token && isVisitorToken(token) ? token : undefined;
}
