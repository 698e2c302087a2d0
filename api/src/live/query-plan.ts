import { sql } from 'kysely';
import type { RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { LiveQuery } from 'shared-sdk';
import { LiveError } from './live-error';

export type Scalar = string | number | boolean | null;
export type Direction = 'asc' | 'desc';
export type WhereOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'contains';

/**
 * A field a live query may filter on (and, if `sortable`, order by), with the SQL that reads it.
 * Timestamps are compared at millisecond precision, as documents carry them.
 */
export interface FieldDefinition {
  type: 'string' | 'boolean' | 'timestamp';
  sql: RawBuilder<unknown>;
  /** Non-null columns only: a keyset cursor cannot step over nulls exactly. */
  sortable?: boolean;
  /** Takes `contains` (a search box): true where the text holds the value, ignoring case. */
  searchable?: boolean;
}

export interface OrderField {
  field: string;
  direction: Direction;
}

export interface Condition {
  field: string;
  op: WhereOp;
  value: Scalar | Scalar[];
}

/** Who may hold the subscription: checked when it starts, and again on membership changes. */
export type Access =
  /** `users`: the caller's own document, nothing to check. */
  | 'self'
  /** The caller's own workspace links, of any workspace. */
  | 'own-links'
  /** An active member of the workspace. */
  | 'member'
  /** An active admin of the workspace. */
  | 'admin';

/** A validated query: what the engine runs, dedupes (by `key`) and authorizes. */
export interface QueryPlan {
  /** Canonical: equal for queries that return the same documents to any allowed caller. */
  key: string;
  collection: LiveQuery['collection'];
  workspaceId: string | null;
  /** `users` and own links: the caller, whose documents they are. */
  userId: string | null;
  access: Access;
  conditions: Condition[];
  /** The order asked for (or the collection's default), then `id` ascending. */
  order: OrderField[];
  limit: number | undefined;
  startAfter: Scalar[] | undefined;
  /** Documents skipped before the first (a page opened by number); never with startAfter. */
  offset: number | undefined;
  fields: Record<string, FieldDefinition>;
}

function fieldOf(plan: Pick<QueryPlan, 'fields'>, name: string): FieldDefinition {
  const field = plan.fields[name];
  if (!field) throw new Error(`Unknown field ${name}`);
  return field;
}

const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Checks that `value` fits the field; `what` names it in the message. */
export function checkValue(field: FieldDefinition, value: Scalar, what: string): void {
  const fits =
    field.type === 'boolean'
      ? typeof value === 'boolean'
      : typeof value === 'string' &&
        (field.type === 'string' || (isoTimestamp.test(value) && !Number.isNaN(Date.parse(value))));
  if (!fits) {
    const expected =
      field.type === 'timestamp'
        ? 'an ISO 8601 timestamp'
        : `a ${field.type === 'boolean' ? 'boolean' : 'string'}`;
    throw new LiveError('invalid-argument', `${what} must be ${expected}`);
  }
}

function parameter(field: FieldDefinition, value: Scalar): RawBuilder<unknown> {
  return field.type === 'timestamp' ? sql`${value}::timestamptz` : sql`${value}`;
}

const sqlOperators: Record<Exclude<WhereOp, 'in' | 'contains'>, string> = {
  '==': '=',
  '!=': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

function conditionSql(plan: QueryPlan, { field: name, op, value }: Condition): RawBuilder<SqlBool> {
  const field = fieldOf(plan, name);
  if (op === 'in') {
    const values = value as Scalar[];
    if (values.length === 0) return sql<SqlBool>`false`;
    return sql<SqlBool>`${field.sql} in (${sql.join(values.map((v) => parameter(field, v)))})`;
  }
  if (op === 'contains') {
    return sql<SqlBool>`strpos(lower(${field.sql}), lower(${value})) > 0`;
  }
  if (value === null) {
    return op === '=='
      ? sql<SqlBool>`${field.sql} is null`
      : sql<SqlBool>`${field.sql} is not null`;
  }
  return sql<SqlBool>`${field.sql} ${sql.raw(sqlOperators[op])} ${parameter(field, value as Scalar)}`;
}

/**
 * The index range of a keyset page: the leading order fields that share one direction, compared
 * as a row, `(a, b) <= (x, y)` for (a desc, b desc). It is implied by the exact condition of
 * startAfterSql; on its own an OR of alternatives is only a filter, so the database would walk
 * the list from its start to every cursor (a deep page of a million tickets: a million rows).
 * With it the scan starts at the cursor. Rows, not scalars: PostgreSQL's btree takes a row
 * comparison as a scan bound over index columns of one direction.
 */
function keysetBoundSql(plan: QueryPlan, cursor: Scalar[]): RawBuilder<SqlBool> {
  const direction = plan.order[0]!.direction;
  const prefix = cursor
    .map((value, i) => ({ value, order: plan.order[i]! }))
    .filter((_, i) => plan.order.slice(0, i + 1).every((entry) => entry.direction === direction));
  const columns = prefix.map(({ order }) => fieldOf(plan, order.field).sql);
  const values = prefix.map(({ value, order }) => parameter(fieldOf(plan, order.field), value));
  const operator = sql.raw(direction === 'asc' ? '>=' : '<=');
  return prefix.length === 1
    ? sql<SqlBool>`${columns[0]!} ${operator} ${values[0]!}`
    : sql<SqlBool>`(${sql.join(columns)}) ${operator} (${sql.join(values)})`;
}

/**
 * Keyset paging: rows strictly after the cursor in the query's order. For (a desc, b asc, id)
 * after (x, y, z): a < x, or a = x and b > y, or a = x and b = y and id > z. A cursor without
 * the id compares the fields it has.
 */
function startAfterSql(plan: QueryPlan, cursor: Scalar[]): RawBuilder<SqlBool> {
  const alternatives = cursor.map((value, i) => {
    const parts = cursor.slice(0, i).map((earlier, j) => {
      const field = fieldOf(plan, plan.order[j]!.field);
      return sql`${field.sql} = ${parameter(field, earlier)}`;
    });
    const { field: name, direction } = plan.order[i]!;
    const field = fieldOf(plan, name);
    const operator = sql.raw(direction === 'asc' ? '>' : '<');
    parts.push(sql`${field.sql} ${operator} ${parameter(field, value)}`);
    return sql`(${sql.join(parts, sql` and `)})`;
  });
  return sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
}

/** Adds the plan's filters, cursor, order and limit to a collection's base query. */
export function applyPlan<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  plan: QueryPlan,
): SelectQueryBuilder<DB, TB, O> {
  let built = query;
  for (const condition of plan.conditions) built = built.where(conditionSql(plan, condition));
  if (plan.startAfter) {
    built = built
      .where(keysetBoundSql(plan, plan.startAfter))
      .where(startAfterSql(plan, plan.startAfter));
  }
  for (const { field, direction } of plan.order) {
    built = built.orderBy(fieldOf(plan, field).sql, direction);
  }
  if (plan.limit !== undefined) built = built.limit(plan.limit);
  if (plan.offset !== undefined) built = built.offset(plan.offset);
  return built;
}

/** Conditions in one canonical order, so equal queries written differently share a key. */
function canonicalConditions(conditions: Condition[]): Condition[] {
  return conditions
    .map((condition) => ({ ...condition, sortKey: JSON.stringify(condition) }))
    .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0))
    .map(({ field, op, value }) => ({ field, op, value }));
}

export interface PlanInput {
  query: LiveQuery;
  fields: Record<string, FieldDefinition>;
  defaultOrder: OrderField[];
  workspaceId: string | null;
  userId: string | null;
  access: Access;
  /** Conditions the server adds (e.g. the caller's own id), after those of the query. */
  extraConditions?: Condition[];
}

/** Validates where, orderBy and startAfter against the collection's fields; throws LiveError. */
export function buildPlan(input: PlanInput): QueryPlan {
  const { query, fields } = input;
  const field = (name: string, purpose: string) => {
    // Own properties only: "constructor" or "__proto__" are not fields.
    const found = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!found) {
      throw new LiveError(
        'invalid-argument',
        `${query.collection} cannot be ${purpose} ${name}; fields: ${Object.keys(fields).join(', ')}`,
      );
    }
    return found;
  };

  const conditions: Condition[] = [];
  for (const { field: name, op, value } of query.where ?? []) {
    const definition = field(name, 'filtered by');
    if (op === 'contains') {
      if (!definition.searchable || typeof value !== 'string') {
        throw new LiveError(
          'invalid-argument',
          `where ${name} contains: ${definition.searchable ? 'the value must be a string' : `${query.collection} cannot be searched by ${name}`}`,
        );
      }
    } else if (op === 'in') {
      if (!Array.isArray(value)) {
        throw new LiveError('invalid-argument', `where ${name} in: the value must be an array`);
      }
      for (const item of value) {
        if (item === null) {
          throw new LiveError('invalid-argument', `where ${name} in: use == null for nulls`);
        }
        checkValue(definition, item, `where ${name} in: each value`);
      }
    } else {
      if (Array.isArray(value)) {
        throw new LiveError('invalid-argument', `where ${name} ${op}: an array goes with in only`);
      }
      if (value === null) {
        if (op !== '==' && op !== '!=') {
          throw new LiveError(
            'invalid-argument',
            `where ${name} ${op} null: use == or != with null`,
          );
        }
      } else {
        checkValue(definition, value, `where ${name} ${op}: the value`);
      }
    }
    conditions.push({ field: name, op, value });
  }
  conditions.push(...(input.extraConditions ?? []));

  const asked = query.orderBy ?? input.defaultOrder;
  for (const { field: name } of asked) {
    if (!field(name, 'ordered by').sortable) {
      throw new LiveError('invalid-argument', `${query.collection} cannot be ordered by ${name}`);
    }
  }
  // product-spec.md §7 lists read with a startAfter cursor: with id last, equal values still page exactly.
  const order = asked.some((entry) => entry.field === 'id')
    ? asked.slice(0, asked.findIndex((entry) => entry.field === 'id') + 1)
    : [...asked, { field: 'id', direction: 'asc' as const }];

  let startAfter: Scalar[] | undefined;
  if (query.startAfter && query.startAfter.length > 0) {
    if (query.startAfter.length !== asked.length && query.startAfter.length !== order.length) {
      throw new LiveError(
        'invalid-argument',
        `startAfter holds the last document's ${order.map((entry) => entry.field).join(', ')} (its id may be left out)`,
      );
    }
    query.startAfter.forEach((value, i) => {
      const name = order[i]!.field;
      if (value === null) {
        throw new LiveError('invalid-argument', `startAfter: ${name} cannot be null`);
      }
      checkValue(field(name, 'ordered by'), value, `startAfter: ${name}`);
    });
    startAfter = query.startAfter;
  }
  // Offset 0 is no offset: the same query, sharing one key.
  const offset = query.offset ? query.offset : undefined;
  if (offset !== undefined && startAfter) {
    throw new LiveError(
      'invalid-argument',
      'offset and startAfter cannot be used together: open a page by offset, step from it with startAfter',
    );
  }

  const canonical = canonicalConditions(conditions);
  const plan = {
    collection: query.collection,
    workspaceId: input.workspaceId,
    userId: input.userId,
    access: input.access,
    conditions: canonical,
    order,
    limit: query.limit,
    startAfter,
    offset,
    fields,
  };
  const key = JSON.stringify([
    plan.collection,
    plan.workspaceId,
    plan.userId,
    plan.conditions,
    plan.order,
    plan.limit ?? null,
    plan.startAfter ?? null,
    plan.offset ?? null,
  ]);
  return { key, ...plan };
}
