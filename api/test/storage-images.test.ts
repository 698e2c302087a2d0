import sharp from 'sharp';
import { detectSafeImageType } from '../src/services/storage-images';

const square = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#2450e6' } });

describe('detectSafeImageType', () => {
  it('names every accepted raster format by its content', async () => {
    const made = {
      'image/jpeg': await square().jpeg().toBuffer(),
      'image/png': await square().png().toBuffer(),
      'image/webp': await square().webp().toBuffer(),
      'image/gif': await square().gif().toBuffer(),
      'image/avif': await square().avif().toBuffer(),
    };
    for (const [type, bytes] of Object.entries(made)) {
      expect(await detectSafeImageType(bytes)).toBe(type);
    }
  });

  it('names nothing else: documents, text, TIFF, SVG, a truncated header', async () => {
    const png = await square().png().toBuffer();
    const others = [
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'),
      Buffer.from('Receipt of order 1042: 2 items'),
      await square().tiff().toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"></svg>'),
      png.subarray(0, 8),
      Buffer.alloc(0),
    ];
    for (const bytes of others) expect(await detectSafeImageType(bytes)).toBeUndefined();
  });
});
