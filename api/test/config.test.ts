import path from 'node:path';
import { loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, '/srv/parley');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/parley/data',
      database: { kind: 'pglite', dataDir: '/srv/parley/data/pglite' },
      remoteManifestOverrides: {},
      logLevel: 'info',
      trustProxy: false,
      rateLimit: { perMinute: 300, submissionsPerMinute: 5 },
      auth: {
        secret: undefined,
        accessTokenTtlSeconds: 3600,
        refreshTokenTtlSeconds: 30 * 86_400,
        passwordResetCodeTtlSeconds: 3600,
        passwordHashCost: 15,
        passwordPolicy: {
          minLength: 6,
          maxLength: 256,
          requireLowercase: false,
          requireUppercase: false,
          requireNumber: false,
          requireSymbol: false,
        },
        rateLimit: {
          perMinute: 20,
          failedLogins: { max: 10, windowSeconds: 900 },
          passwordResets: { max: 5, windowSeconds: 3600 },
        },
      },
      sessionCookie: {
        name: 'parley_session',
        maxAgeSeconds: 1_209_600,
        domain: undefined,
        path: '/',
        sameSite: 'lax',
        secure: false,
      },
      mail: { smtpUrl: undefined, from: 'Parley <no-reply@localhost>' },
    });
    // The repository root: where shell/, mfe-*/ and widget/ live.
    expect(config.appsDir).toBe(path.resolve(__dirname, '../..'));
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://parley@db:5432/parley' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://parley@db:5432/parley' });
  });

  it('reads remote manifest overrides and treats empty variables as unset', () => {
    const config = loadConfig({
      REMOTE_MFE_TICKETS_URL: 'https://cdn.example.com/tickets/mf-manifest.json',
      REMOTE_MFE_CHAT_URL: '',
      PORT: '',
    });
    expect(config.remoteManifestOverrides).toEqual({
      'mfe-tickets': 'https://cdn.example.com/tickets/mf-manifest.json',
    });
    expect(config.port).toBe(3000);
  });

  it('rejects bad values, naming every variable at fault', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', REMOTE_MFE_CHAT_URL: 'not a url', LOG_LEVEL: 'loud' }),
    ).toThrow(/PORT[\s\S]*LOG_LEVEL[\s\S]*REMOTE_MFE_CHAT_URL/);
  });

  it('reads the identity, cookie and mail settings', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://app.parley.example/',
      AUTH_SECRET: 'x'.repeat(40),
      ACCESS_TOKEN_TTL_SECONDS: '900',
      REFRESH_TOKEN_TTL_SECONDS: '86400',
      PASSWORD_RESET_CODE_TTL_SECONDS: '600',
      PASSWORD_MIN_LENGTH: '12',
      PASSWORD_REQUIRE_LOWERCASE: 'true',
      PASSWORD_REQUIRE_UPPERCASE: '1',
      PASSWORD_REQUIRE_NUMBER: 'true',
      PASSWORD_REQUIRE_SYMBOL: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '7',
      AUTH_FAILED_LOGIN_LIMIT: '4',
      AUTH_FAILED_LOGIN_WINDOW_MINUTES: '30',
      PASSWORD_RESET_LIMIT: '2',
      PASSWORD_RESET_WINDOW_MINUTES: '10',
      SESSION_COOKIE_NAME: 'sid',
      SESSION_COOKIE_MAX_AGE_SECONDS: '3600',
      SESSION_COOKIE_DOMAIN: 'parley.example',
      SESSION_COOKIE_PATH: '/app',
      SESSION_COOKIE_SAME_SITE: 'none',
      SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
      MAIL_FROM: 'Support <support@parley.example>',
    });
    expect(config.publicUrl).toBe('https://app.parley.example');
    expect(config.auth).toMatchObject({
      secret: 'x'.repeat(40),
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 86_400,
      passwordResetCodeTtlSeconds: 600,
      passwordPolicy: {
        minLength: 12,
        maxLength: 256,
        requireLowercase: true,
        requireUppercase: true,
        requireNumber: true,
        requireSymbol: false,
      },
      rateLimit: {
        perMinute: 7,
        failedLogins: { max: 4, windowSeconds: 1800 },
        passwordResets: { max: 2, windowSeconds: 600 },
      },
    });
    expect(config.sessionCookie).toEqual({
      name: 'sid',
      maxAgeSeconds: 3600,
      domain: 'parley.example',
      path: '/app',
      sameSite: 'none',
      secure: true,
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://mailer:secret@smtp.example:465',
      from: 'Support <support@parley.example>',
    });
  });

  it('rejects bad identity settings', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ PASSWORD_MIN_LENGTH: '0' })).toThrow(/PASSWORD_MIN_LENGTH/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SESSION_COOKIE_SAME_SITE: 'sometimes' })).toThrow(
      /SESSION_COOKIE_SAME_SITE/,
    );
    // Browsers drop SameSite=None cookies that are not Secure.
    expect(() => loadConfig({ SESSION_COOKIE_SAME_SITE: 'none' })).toThrow(
      /SESSION_COOKIE_SAME_SITE: none needs an https PUBLIC_URL/,
    );
  });

  it('reads the Firebase settings; unset, Parley signs users in itself', () => {
    expect(loadConfig({}).firebase).toBeNull();
    expect(
      loadConfig({
        FIREBASE_PROJECT_ID: 'demo-parley',
        FIREBASE_API_KEY: 'demo-key',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }).firebase,
    ).toEqual({
      projectId: 'demo-parley',
      apiKey: 'demo-key',
      authEmulatorHost: '127.0.0.1:9099',
      accountCheckSeconds: 60,
    });
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'demo-parley' })).toThrow(
      /FIREBASE_API_KEY: required with FIREBASE_PROJECT_ID/,
    );
    expect(() => loadConfig({ FIREBASE_API_KEY: 'demo-key' })).toThrow(
      /FIREBASE_PROJECT_ID: required with FIREBASE_API_KEY/,
    );
    expect(() =>
      loadConfig({
        FIREBASE_PROJECT_ID: 'Not A Project',
        FIREBASE_API_KEY: 'k',
        FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099',
      }),
    ).toThrow(/FIREBASE_PROJECT_ID[\s\S]*FIREBASE_AUTH_EMULATOR_HOST/);
  });
});
