import { illFormedTextMessage } from 'shared-sdk/schemas';
import { bearer, signUp } from './fixtures/user';
import { createWorkspace } from './fixtures/workspace';
import { LiveTestClient, listenForLive } from './support/live-client';
import { appStartTimeoutMs, buildTestApp, type TestApp } from './support/build-test-app';

// U+0000 cannot be stored by PostgreSQL and an unpaired surrogate is not Unicode: both used to
// reach the database and answer 500. Every field of every call and live message refuses them.
const nul = 'a\u0000b';
const loneSurrogate = 'a\ud800b';

describe('text that is not storable Unicode', () => {
  let app: TestApp;
  let idToken: string;
  let workspaceId: string;
  beforeAll(async () => {
    app = await buildTestApp();
    await listenForLive(app);
    const { auth } = await signUp(app);
    idToken = auth.idToken;
    ({ workspaceId } = await createWorkspace(app, auth));
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  const expectRefused = (response: Awaited<ReturnType<TestApp['inject']>>, field: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid-argument', message: `${field}: ${illFormedTextMessage}` },
    });
  };

  it.each([
    ['U+0000', nul],
    ['an unpaired surrogate', loneSurrogate],
  ])('%s in a field is a 400 naming the field, signed in or not', async (_, text) => {
    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/widget/sessions',
        payload: { workspaceId, customer: { firstName: text } },
      }),
      'body.customer.firstName',
    );
    expectRefused(
      await app.inject({
        method: 'PATCH',
        url: '/api/user/profile',
        headers: bearer({ idToken }),
        payload: { firstName: text },
      }),
      'body.firstName',
    );
    expectRefused(
      await app.inject({
        method: 'POST',
        url: '/api/user/ai-training-qnas',
        headers: bearer({ idToken }),
        payload: { workspaceId, question: 'Hours?', answer: 'Nine to five.', topicIds: [text] },
      }),
      'body.topicIds.0',
    );
  });

  it('refuses U+0000 in a query string', async () => {
    expectRefused(
      await app.inject({
        method: 'GET',
        url: '/api/user/is-admin?workspaceId=a%00b',
        headers: bearer({ idToken }),
      }),
      'querystring.workspaceId',
    );
  });

  it('refuses it in an id, and nothing is written', async () => {
    const before = await app.db.selectFrom('aiTrainingQnas').select('id').execute();
    expectRefused(
      await app.inject({
        method: 'DELETE',
        url: '/api/user/ai-training-qnas',
        headers: bearer({ idToken }),
        payload: { workspaceId, qnaId: nul },
      }),
      'body.qnaId',
    );
    expect(await app.db.selectFrom('aiTrainingQnas').select('id').execute()).toEqual(before);
  });

  it('refuses it in a live where value with invalid-argument, not unavailable', async () => {
    const client = await LiveTestClient.signedIn(app, idToken);
    try {
      const refusal = await client.subscribeRefused('s1', {
        collection: 'tickets',
        workspaceId,
        where: [{ field: 'status', op: '==', value: nul }],
      });
      expect(refusal).toMatchObject({ code: 'invalid-argument' });
      expect(refusal.message).toContain(illFormedTextMessage);
    } finally {
      await client.close();
    }
  });
});
