import type { ContactRequest, DemoRequest } from 'shared-sdk';
import { submissionReceiptSchema } from 'shared-sdk/schemas';
import { buildContactRequest } from './fixtures/contact-request';
import { buildDemoRequest } from './fixtures/demo-request';
import { appStartTimeoutMs, buildTestApp, testConfig } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('marketing submissions', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Many requests from one address below: lift the per-address submission limit.
    app = await buildTestApp({
      rateLimit: { ...testConfig().rateLimit, submissionsPerMinute: 1000 },
    });
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  describe('POST /api/marketing/contact', () => {
    it('stores the request and answers 201 with its id and creation time', async () => {
      const request = buildContactRequest({ company: '  Furniture retailer  ' });
      const response = await app.inject({
        method: 'POST',
        url: '/api/marketing/contact',
        payload: request,
      });
      expect(response.statusCode).toBe(201);
      const receipt = submissionReceiptSchema.parse(response.json());
      expect(receipt.id).toMatch(uuid);
      expect(Number.isNaN(Date.parse(receipt.createdAt))).toBe(false);

      const row = await app.db
        .selectFrom('contactRequests')
        .selectAll()
        .where('id', '=', receipt.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        name: request.name,
        email: request.email,
        company: 'Furniture retailer',
        topic: request.topic,
        message: request.message,
      });
      expect(row.createdAt.toISOString()).toBe(receipt.createdAt);
    });

    it('stores a blank optional company as absent', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/marketing/contact',
        payload: buildContactRequest({ company: '' }),
      });
      const { id } = submissionReceiptSchema.parse(response.json());
      const row = await app.db
        .selectFrom('contactRequests')
        .select('company')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.company).toBeNull();
    });

    it.each([
      ['name', { name: '   ' }, 'body.name: Please tell us your name'],
      ['email', { email: 'nobody@' }, 'body.email: Please enter a valid e-mail address'],
      ['company', { company: 'x'.repeat(161) }, 'body.company:'],
      ['topic', { topic: 'gossip' }, 'body.topic:'],
      ['message', { message: 'short' }, 'body.message: Please write at least 10 characters'],
    ])('rejects a bad %s with 400 and stores nothing', async (_field, override, message) => {
      const before = await countRows('contactRequests');
      const response = await app.inject({
        method: 'POST',
        url: '/api/marketing/contact',
        payload: { ...buildContactRequest(), ...override },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid-argument');
      expect(response.json().error.message).toContain(message);
      expect(await countRows('contactRequests')).toBe(before);
    });

    it('rejects a missing required field, naming it', async () => {
      const withoutEmail: Partial<ContactRequest> = buildContactRequest();
      delete withoutEmail.email;
      const response = await app.inject({
        method: 'POST',
        url: '/api/marketing/contact',
        payload: withoutEmail,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/^body\.email: /);
    });
  });

  describe('POST /api/marketing/demo-requests', () => {
    it('stores the request and answers 201 with its id and creation time', async () => {
      const request = buildDemoRequest();
      const response = await app.inject({
        method: 'POST',
        url: '/api/marketing/demo-requests',
        payload: request,
      });
      expect(response.statusCode).toBe(201);
      const receipt = submissionReceiptSchema.parse(response.json());
      expect(receipt.id).toMatch(uuid);

      const row = await app.db
        .selectFrom('demoRequests')
        .selectAll()
        .where('id', '=', receipt.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        firstName: request.firstName,
        lastName: request.lastName,
        email: request.email,
        company: request.company,
        companySize: request.companySize,
        phone: request.phone,
        message: request.message,
      });
    });

    it('accepts a request without the optional phone and message', async () => {
      const required: Partial<DemoRequest> = buildDemoRequest();
      delete required.phone;
      delete required.message;
      const response = await app.inject({
        method: 'POST',
        url: '/api/marketing/demo-requests',
        payload: required,
      });
      expect(response.statusCode).toBe(201);
      const { id } = submissionReceiptSchema.parse(response.json());
      const row = await app.db
        .selectFrom('demoRequests')
        .select(['phone', 'message'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ phone: null, message: null });
    });

    it.each([
      ['firstName', { firstName: '' }, 'body.firstName: Please tell us your first name'],
      ['lastName', { lastName: '' }, 'body.lastName: Please tell us your last name'],
      ['email', { email: 'ops.example' }, 'body.email: Please enter a valid work e-mail address'],
      ['company', { company: ' ' }, 'body.company: Please tell us your company'],
      ['companySize', { companySize: '5000' }, 'body.companySize:'],
      ['phone', { phone: 'call me' }, 'body.phone: Phone numbers may contain digits'],
      ['message', { message: 'x'.repeat(2001) }, 'body.message:'],
    ])('rejects a bad %s with 400 and stores nothing', async (_field, override, message) => {
      const before = await countRows('demoRequests');
      const response = await app.inject({
        method: 'POST',
        url: '/api/marketing/demo-requests',
        payload: { ...buildDemoRequest(), ...override },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid-argument');
      expect(response.json().error.message).toContain(message);
      expect(await countRows('demoRequests')).toBe(before);
    });
  });

  async function countRows(table: 'contactRequests' | 'demoRequests'): Promise<number> {
    const { count } = await app.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }
});
