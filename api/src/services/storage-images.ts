import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { HttpError } from '../errors/http-error';

// Images are judged by their content (sharp reads the header), never by name or claimed type.

/** The raster formats accepted, and the format each is stored in. */
interface StoredFormat {
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
  extension: string;
  contentType: string;
}

const jpeg: StoredFormat = { format: 'jpeg', extension: 'jpg', contentType: 'image/jpeg' };
const png: StoredFormat = { format: 'png', extension: 'png', contentType: 'image/png' };
const webp: StoredFormat = { format: 'webp', extension: 'webp', contentType: 'image/webp' };
const gif: StoredFormat = { format: 'gif', extension: 'gif', contentType: 'image/gif' };
const avif: StoredFormat = { format: 'avif', extension: 'avif', contentType: 'image/avif' };

/** sharp's name of what it read → how it is stored; TIFF (no browser shows it) becomes PNG. */
function storedFormatOf(metadata: Metadata): StoredFormat | undefined {
  switch (metadata.format) {
    case 'jpeg':
      return jpeg;
    case 'png':
      return png;
    case 'webp':
      return webp;
    case 'gif':
      return gif;
    case 'tiff':
      return png;
    case 'heif':
      // HEIF holding AV1 is AVIF; HEIC (HEVC) cannot be decoded by sharp's build anyway.
      return metadata.compression === 'av1' ? avif : undefined;
    default:
      // svg, pdf, raw and every other format sharp may read.
      return undefined;
  }
}

export const acceptedImageFormats = 'PNG, JPEG, WebP, GIF or AVIF';

const notAnImage = () =>
  new HttpError(400, `The file is not an image: upload a ${acceptedImageFormats} image`);
const vectorImage = () =>
  new HttpError(400, `SVG images are not accepted: upload a ${acceptedImageFormats} image`);
const tooManyPixels = (maxPixels: number) =>
  new HttpError(
    400,
    `The image is too large: at most ${Math.floor(maxPixels / 1_000_000)} megapixels`,
  );

export interface InspectedImage {
  stored: StoredFormat;
  width: number;
  height: number;
}

async function readMetadata(bytes: Buffer): Promise<Metadata | undefined> {
  try {
    return await sharp(bytes).metadata();
  } catch {
    return undefined;
  }
}

/** A raster image sharp can read, within `maxPixels`; else 400 invalid-argument. */
export async function inspectImage(bytes: Buffer, maxPixels: number): Promise<InspectedImage> {
  const metadata = await readMetadata(bytes);
  if (metadata?.format === 'svg') throw vectorImage();
  const stored = metadata && storedFormatOf(metadata);
  if (!metadata || !stored || !metadata.width || !metadata.height) throw notAnImage();
  // Checked from the header, before anything is decoded (a small file may hold a huge image).
  if (metadata.width * metadata.height > maxPixels) throw tooManyPixels(maxPixels);
  return { stored, width: metadata.width, height: metadata.height };
}

/**
 * Whether the bytes start as one of the accepted formats do (JPEG, PNG, GIF, WebP's RIFF, AVIF's
 * `ftyp` box). A file that does not is no image sharp would accept, and asking sharp costs a
 * trip to its threads and an error: most mail attachments are documents.
 */
function mayBeRasterImage(bytes: Buffer): boolean {
  if (bytes.length < 12) return false;
  return (
    (bytes[0] === 0xff && bytes[1] === 0xd8) ||
    bytes.readUInt32BE(0) === 0x89504e47 ||
    bytes.toString('latin1', 0, 4) === 'GIF8' ||
    bytes.toString('latin1', 0, 4) === 'RIFF' ||
    bytes.toString('latin1', 4, 8) === 'ftyp'
  );
}

/** A safe raster image type for an attachment (served inline-safe), else undefined. */
export async function detectSafeImageType(bytes: Buffer): Promise<string | undefined> {
  if (!mayBeRasterImage(bytes)) return undefined;
  const metadata = await readMetadata(bytes);
  const stored = metadata && storedFormatOf(metadata);
  // TIFF is stored as is for attachments, so it is not one of the types served as an image.
  return stored && metadata.format !== 'tiff' ? stored.contentType : undefined;
}

/**
 * The image decoded and encoded again in its stored format: turned upright from its EXIF
 * orientation, every metadata block (EXIF, GPS, XMP, comments) dropped, anything hidden after
 * the image data gone. Animated images keep their first frame.
 */
export async function reencodeImage(
  bytes: Buffer,
  image: InspectedImage,
  maxPixels: number,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  try {
    const pipeline = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
    const { format } = image.stored;
    const encoded =
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 95, mozjpeg: true })
        : format === 'webp'
          ? pipeline.webp({ quality: 95 })
          : format === 'avif'
            ? pipeline.avif({ quality: 80 })
            : pipeline.toFormat(format);
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    // The header read fine but the image data is broken or truncated.
    throw notAnImage();
  }
}

// product-spec.md §9: images in densities 1 and 2, format webp, quality 90.
export const imageQuality = 90;
export const imageDensities = [1, 2] as const;
export type ImageDensity = (typeof imageDensities)[number];

/**
 * The CSS widths an image is rendered at; a requested width is rounded up to the next one, so
 * each stored image has a bounded number of variants on disk (at most twice this list).
 */
export const imageWidths = [
  16, 32, 48, 64, 96, 128, 160, 192, 256, 320, 384, 480, 640, 768, 1024, 1280, 1536, 1920,
] as const;
/** Without `w`: the width served (at the asked density). */
export const defaultImageWidth = 1280;
export const maxImageWidth = imageWidths[imageWidths.length - 1] ?? 1920;

/** The pixel width of a variant: CSS width rounded up to `imageWidths`, times the density. */
export function variantPixelWidth(cssWidth: number | undefined, density: ImageDensity): number {
  const wanted = cssWidth ?? defaultImageWidth;
  const width = imageWidths.find((candidate) => candidate >= wanted) ?? maxImageWidth;
  return width * density;
}

/** A webp of `original` at most `pixelWidth` wide (never enlarged), quality 90. */
export async function renderVariant(
  original: Buffer,
  pixelWidth: number,
  maxPixels: number,
): Promise<Buffer> {
  return sharp(original, { limitInputPixels: maxPixels })
    .resize({ width: pixelWidth, withoutEnlargement: true })
    .webp({ quality: imageQuality })
    .toBuffer();
}
