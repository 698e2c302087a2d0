import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { hashVisitorToken, isVisitorToken } from '../auth/visitor-tokens';
import type { Database } from '../db/schema';
import { HttpError } from '../errors/http-error';
import { findCustomerByTokenHash } from '../repositories/customers';
import type { CustomerRow } from '../repositories/customers';

/** The visitor token of `Authorization: Bearer pv_…`, if the request carries one. */
export function presentedVisitorToken(request: FastifyRequest): string | undefined {
  const token = request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return token && isVisitorToken(token) ? token : undefined;
}

/** The visitor (customer) a token belongs to, if any. */
export async function findVisitor(
  db: Kysely<Database>,
  token: string | undefined,
): Promise<CustomerRow | undefined> {
  if (!token) return undefined;
  return findCustomerByTokenHash(db, hashVisitorToken(token));
}

export const visitorUnknown = () =>
  new HttpError(401, 'Start a widget session first: POST /api/widget/sessions');

/** The widget's caller: the customer whose visitor token is in the Authorization header; else 401. */
export async function requireVisitor(
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<CustomerRow> {
  const customer = await findVisitor(db, presentedVisitorToken(request));
  if (!customer) throw visitorUnknown();
  return customer;
}
