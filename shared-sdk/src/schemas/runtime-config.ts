import { z } from 'zod';

/** What the browser learns from the server at run time (never baked into a build). */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  /** Remote name (e.g. "mfe-tickets") → URL of its mf-manifest.json. */
  remotes: z.record(z.string(), z.string()),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** GET /api/health: what a load balancer's probe reads. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    ok: z.literal(true),
    latencyMs: z.number(),
  }),
});
