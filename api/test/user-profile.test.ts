import { userSchema } from 'shared-sdk/schemas';
import { bearer, signIn, signUp } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

describe('GET /api/user and /api/user/profile', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  const patchProfile = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: '/api/user/profile', headers, payload });

  describe('GET /api/user', () => {
    it('answers 200 loggedIn false without a token', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/user' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ loggedIn: false, user: null });
    });

    it('answers the user when signed in', async () => {
      const { auth } = await signUp(app);
      const response = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(auth) });
      expect(response.json()).toEqual({ loggedIn: true, user: auth.user });
    });
  });

  describe('GET /api/user/profile', () => {
    it('answers the user', async () => {
      const { auth } = await signUp(app);
      const response = await app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(auth),
      });
      expect(response.statusCode).toBe(200);
      expect(userSchema.parse(response.json())).toEqual(auth.user);
    });

    it('answers 401 unauthenticated when not signed in', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/user/profile' });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    });
  });

  describe('PATCH /api/user/profile', () => {
    it('saves the product-spec.md §3 fields and answers the updated user', async () => {
      const { auth } = await signUp(app);
      const update = {
        email: 'Grace.Hopper@Navy.example',
        website: 'https://navy.example',
        photoUrl: 'https://cdn.example/grace.webp',
        firstName: 'Grace',
        lastName: 'Brewster Hopper',
        countryCode: 'US',
        phoneNumber: '+1 (555) 010-2030',
        preferredLanguage: 'en-US',
      };
      const response = await patchProfile(bearer(auth), update);
      expect(response.statusCode).toBe(200);
      const expected = {
        ...auth.user,
        ...update,
        email: 'grace.hopper@navy.example',
      };
      expect(response.json()).toEqual(expected);
      const reread = await app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(auth),
      });
      expect(reread.json()).toEqual(expected);
      // The new address signs in.
      await signIn(app, 'grace.hopper@navy.example', 'correct horse battery');
    });

    it('changes only the fields sent, and stores blank ones as absent', async () => {
      const { auth } = await signUp(app, { website: 'https://before.example' });
      await patchProfile(bearer(auth), { countryCode: 'GB', phoneNumber: '020 7946 0000' });
      const response = await patchProfile(bearer(auth), { website: '', phoneNumber: null });
      expect(response.json()).toEqual({
        ...auth.user,
        website: null,
        countryCode: 'GB',
        phoneNumber: null,
      });
    });

    it("refuses another account's e-mail address with auth/email-already-in-use", async () => {
      const taken = await signUp(app);
      const { auth } = await signUp(app);
      const response = await patchProfile(bearer(auth), {
        email: taken.request.email.toUpperCase(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('auth/email-already-in-use');
      // Its own address is fine.
      const own = await patchProfile(bearer(auth), { email: auth.user.email });
      expect(own.statusCode).toBe(200);
    });

    it.each([
      ['email', { email: 'grace@' }, 'body.email: Please enter a valid e-mail address'],
      ['countryCode', { countryCode: 'usa' }, 'body.countryCode: Use a two-letter country code'],
      ['website', { website: 'navy.example' }, 'body.website:'],
      ['preferredLanguage', { preferredLanguage: 'klingon' }, 'body.preferredLanguage:'],
    ])('refuses a bad %s with 400', async (_field, payload, message) => {
      const { auth } = await signUp(app);
      const response = await patchProfile(bearer(auth), payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid-argument');
      expect(response.json().error.message).toContain(message);
    });

    it('answers 401 when not signed in', async () => {
      const response = await patchProfile({}, { firstName: 'Nobody' });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthenticated');
    });
  });
});
