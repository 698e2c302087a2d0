import { z } from 'zod';

// product-spec.md §7 "File uploads": POST /api/storage/upload?path=<path>, the file in the multipart field
// "file". The path has one of product-spec.md §3's shapes and ends with the original file name.
// Any string: a path of none of those shapes is answered 'Invalid path format.' (product-spec.md §5).
export const storageUploadQuerySchema = z.object({ path: z.string() });

/** What an upload answers: where the file was stored and where it is served. */
export const storedFileSchema = z.object({
  /** The stored path: the requested one with a random suffix in the file name (product-spec.md §5). */
  path: z.string(),
  /** Where it is served: images as webp (`?w=<css width>&dpr=1|2`), attachments as downloads. */
  url: z.string(),
  /** The file name as uploaded, kept as metadata (product-spec.md §5). */
  originalName: z.string(),
  contentType: z.string(),
  /** Bytes stored (an image after it was re-encoded). */
  size: z.number().int(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** GET of a stored image: the CSS width it is shown at and the density (product-spec.md §9: 1 and 2). */
export const storedImageQuerySchema = z.object({
  w: z.coerce.number().int().min(1).max(4096).optional(),
  dpr: z.enum(['1', '2']).optional(),
});
