import type { ColumnType, Generated } from 'kysely';

// Column names are snake_case in SQL and camelCase here: the Kysely CamelCasePlugin maps them.

/** Set by the database default (`now()`), never by us; read back as a Date. */
type CreatedAt = ColumnType<Date, never, never>;

export interface ContactRequestsTable {
  id: Generated<string>;
  name: string;
  email: string;
  company: string | null;
  topic: string;
  message: string;
  createdAt: CreatedAt;
}

export interface DemoRequestsTable {
  id: Generated<string>;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  companySize: string;
  phone: string | null;
  message: string | null;
  createdAt: CreatedAt;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  appliedAt: CreatedAt;
}

export interface Database {
  contactRequests: ContactRequestsTable;
  demoRequests: DemoRequestsTable;
  schemaMigrations: SchemaMigrationsTable;
}
