-- Submissions of the public contact and demo-request forms (shared-sdk contactRequestSchema,
-- demoRequestSchema). Enumerated fields (topic, company_size) are validated by those schemas
-- and kept as text here, so adding an option to a form needs no migration.

create table contact_requests (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  company text,
  topic text not null,
  message text not null,
  created_at timestamptz not null default now()
);

create index contact_requests_created_at_idx on contact_requests (created_at desc);

create table demo_requests (
  id uuid primary key default gen_random_uuid(),
  first_name text not null,
  last_name text not null,
  email text not null,
  company text not null,
  company_size text not null,
  phone text,
  message text,
  created_at timestamptz not null default now()
);

create index demo_requests_created_at_idx on demo_requests (created_at desc);
