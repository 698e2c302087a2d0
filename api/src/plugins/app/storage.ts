import path from 'node:path';
import fp from 'fastify-plugin';
import type { StorageConfig } from '../../config';
import { FileStorage } from '../../services/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export interface StoragePluginOptions {
  storage: StorageConfig;
  dataDir: string;
  publicUrl: string;
}

/**
 * `app.storage`: uploaded files on disk (STORAGE_DIR, else DATA_DIR/storage) and the cache of
 * generated image sizes (STORAGE_CACHE_DIR, else DATA_DIR/storage-cache). Folders are made on
 * the first upload, so a storage that cannot be written fails its uploads (503), not the start.
 */
export const storagePlugin = fp<StoragePluginOptions>(
  async (app, { storage, dataDir, publicUrl }) => {
    app.decorate(
      'storage',
      new FileStorage({
        dir: storage.dir ?? path.join(dataDir, 'storage'),
        cacheDir: storage.cacheDir ?? path.join(dataDir, 'storage-cache'),
        maxUploadBytes: storage.maxUploadBytes,
        maxImagePixels: storage.maxImagePixels,
        publicUrl,
        log: app.log,
      }),
    );
  },
  { name: 'storage' },
);
