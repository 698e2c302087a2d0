import { z } from 'zod';

/** What the browser learns from the server at run time (never baked into a build). */
/** Firebase Authentication signs users in instead of Parley's identity service (issue 16). */
export const firebaseRuntimeConfigSchema = z.object({
  projectId: z.string(),
  apiKey: z.string(),
  authDomain: z.string(),
  /** http://host:port of the Auth emulator in development; null in production. */
  authEmulatorUrl: z.string().nullable(),
});
export type FirebaseRuntimeConfig = z.infer<typeof firebaseRuntimeConfigSchema>;

export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  /** Remote name (e.g. "mfe-tickets") → URL of its mf-manifest.json. */
  remotes: z.record(z.string(), z.string()),
  /** Absent: Parley's own sign-in, and nothing of Firebase is loaded. */
  firebase: firebaseRuntimeConfigSchema.optional(),
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
