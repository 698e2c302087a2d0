import { z } from 'zod';
import type { ErrorBody } from '../errors';

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
}) satisfies z.ZodType<ErrorBody>;
