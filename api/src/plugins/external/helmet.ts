import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { colorModeHeadScript } from 'shared-sdk';

/** The one inline script allowed: a prerendered page's colour mode, applied before first paint. */
export const colorModeScriptHash = `'sha256-${createHash('sha256').update(colorModeHeadScript).digest('base64')}'`;

export interface HelmetPluginOptions {
  /** Origins of remotes hosted elsewhere (REMOTE_*_URL): their scripts, manifests and assets load from there. */
  remoteOrigins: string[];
  /** Further origins the pages call (Firebase Authentication's, when it signs users in). */
  connectOrigins?: string[];
}

/**
 * Security headers. The CSP is the tightest one Module Federation and styled-components run under:
 * remotes are <script> tags plus a fetch of mf-manifest.json (script-src, connect-src);
 * styled-components injects <style> tags ('unsafe-inline' in style-src); the live WebSocket
 * needs ws:/wss:. Swagger UI at /api/docs uses only same-origin scripts, so it needs no exception.
 */
export const helmetPlugin = fp<HelmetPluginOptions>(
  async (app, { remoteOrigins, connectOrigins = [] }) => {
    const directives = {
      'default-src': ["'self'"],
      'script-src': ["'self'", colorModeScriptHash, ...remoteOrigins],
      'style-src': ["'self'", "'unsafe-inline'", ...remoteOrigins],
      // https: a mail's remote images, shown only when the agent asks ("Show images"); the
      // mail's HTML is sanitized on the server, so they never load unasked.
      'img-src': ["'self'", 'data:', 'blob:', 'https:', ...remoteOrigins],
      'connect-src': ["'self'", 'ws:', 'wss:', ...remoteOrigins, ...connectOrigins],
      'font-src': ["'self'", 'data:', ...remoteOrigins],
      'frame-ancestors': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
    };
    // helmet's middleware is made once: made per request (as the Fastify wrapper did), its CSP
    // was parsed anew every time, 6% of an authenticated read's CPU.
    const setHeaders = helmet({ contentSecurityPolicy: { useDefaults: false, directives } });
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, () => done());
    });

    // The widget is embedded in customers' sites: its loader script is fetched cross-origin and
    // its chat window is framed by any origin, so those two protections are lifted for /widget/.
    const widgetCsp = Object.entries({ ...directives, 'frame-ancestors': ['*'] })
      .map(([name, values]) => `${name} ${values.join(' ')}`)
      .join(';');
    app.addHook('onSend', async (request, reply) => {
      if (!request.url.startsWith('/widget/')) return;
      reply.header('content-security-policy', widgetCsp);
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.removeHeader('x-frame-options');
    });
  },
  { name: 'helmet' },
);
