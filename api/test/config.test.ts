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
});
