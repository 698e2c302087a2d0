import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { AuthResponse } from 'shared-sdk';
import { storedFileSchema } from 'shared-sdk/schemas';
import type { StoredFile } from 'shared-sdk';
import { randomId } from '../src/db/random-id';
import {
  attachmentDisposition,
  parseStoragePath,
  storedFileName,
  workspaceIdLength,
} from '../src/services/storage-paths';
import { startConversation } from './fixtures/conversation';
import { createWorkspace } from './fixtures/workspace';
import { addMember } from './fixtures/workspace-user';
import { bearer, signUp } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp, testConfig } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

// Real images, made by sharp: what a browser would send.
const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2450e6' } })
    .png()
    .toBuffer();
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">' +
    '<script>alert(document.cookie)</script><rect width="64" height="64"/></svg>',
);
const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

function multipart(
  file: Buffer,
  { field = 'file', contentType = 'application/octet-stream' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----parley-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="upload"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The path part of a stored file's URL, for app.inject. */
const urlPath = (url: string) => new URL(url).pathname;
const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
  bytes.subarray(8, 12).toString('latin1') === 'WEBP';

describe('storage paths', () => {
  it('splits {id-id} after the 20-character workspace id, ids holding "-" included', () => {
    // Workspace ids are randomId(): 20 base64url characters, which may include '-' and '_'.
    expect(randomId()).toHaveLength(workspaceIdLength);
    const workspaceId = 'ab-cd_efghijklmnopqr';
    expect(workspaceId).toHaveLength(20);
    expect(parseStoragePath(`images/chatbots/${workspaceId}-bot-1/me.png`)).toMatchObject({
      kind: 'chatbot-image',
      workspaceId,
      chatbotId: 'bot-1',
      folder: `images/chatbots/${workspaceId}-bot-1`,
      fileName: 'me.png',
    });
    expect(parseStoragePath(`images/products/${workspaceId}--p/x.jpg`)).toMatchObject({
      kind: 'product-image',
      workspaceId,
      productId: '-p',
    });
    // The 21st character must be the '-'; the second id is 1–64 characters.
    expect(parseStoragePath(`images/chatbots/${workspaceId}x-bot/me.png`)).toBeNull();
    expect(parseStoragePath('images/chatbots/short-bot/me.png')).toBeNull();
    expect(parseStoragePath(`images/chatbots/${workspaceId}-/me.png`)).toBeNull();
    expect(parseStoragePath(`images/chatbots/${workspaceId}-${'b'.repeat(65)}/a.png`)).toBeNull();
    expect(
      parseStoragePath(`images/chatbots/${workspaceId}-${'b'.repeat(64)}/a.png`),
    ).not.toBeNull();
  });

  it('reads the other shapes', () => {
    expect(parseStoragePath('images/users/usr_1-a/photo.png')).toMatchObject({
      kind: 'user-image',
      userId: 'usr_1-a',
      isImage: true,
    });
    expect(parseStoragePath('attachments/conv-1/Report (final).pdf')).toMatchObject({
      kind: 'attachment',
      conversationId: 'conv-1',
      fileName: 'Report (final).pdf',
      isImage: false,
    });
  });

  it('stores under a safe name with a random suffix, keeping the extension given', () => {
    expect(storedFileName('My photo (1).PNG', 'png', 'SUFFIX')).toBe('My-photo-1-SUFFIX.png');
    expect(storedFileName('Ünïcödé.jpeg', 'jpg', 'S')).toBe('Unicode-S.jpg');
    expect(storedFileName('家族.gif', 'gif', 'S')).toBe('file-S.gif');
    expect(storedFileName('.env', 'env', 'S')).toBe('file-S.env');
    expect(storedFileName('archive.tar.gz', 'gz', 'S')).toBe('archive-tar-S.gz');
    const first = storedFileName('a.png', 'png');
    expect(first).toMatch(/^a-[A-Za-z0-9_-]{16}\.png$/);
    expect(storedFileName('a.png', 'png')).not.toBe(first);
  });

  it('writes the original name into Content-Disposition safely', () => {
    expect(attachmentDisposition('Résumé "final".txt')).toBe(
      `attachment; filename="R_sum_ _final_.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.txt`,
    );
  });
});

describe('storage API', () => {
  let app: TestApp;
  let ada: AuthResponse;
  let grace: AuthResponse;
  let agent: AuthResponse;
  let workspaceId: string;
  let chatbotId: string;
  /** product-spec.md §3 attachments/{id}: a conversation of the workspace. */
  let conversationId: string;
  let photo: Buffer;

  const upload = (auth: AuthResponse | null, storagePath: string, file: Buffer, type?: string) => {
    const body = multipart(file, { contentType: type });
    return app.inject({
      method: 'POST',
      url: `/api/storage/upload?path=${encodeURIComponent(storagePath)}`,
      headers: { ...body.headers, ...(auth ? bearer(auth) : {}) },
      payload: body.payload,
    });
  };
  const storedCount = async () =>
    Number(
      (
        await app.db
          .selectFrom('storedFiles')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  beforeAll(async () => {
    app = await buildTestApp();
    ada = (await signUp(app)).auth;
    grace = (await signUp(app)).auth;
    const agentSignUp = await signUp(app);
    agent = agentSignUp.auth;
    ({ workspaceId } = await createWorkspace(app, ada));
    await addMember(app, ada, workspaceId, agentSignUp.request.email, 'agent');
    const chatbots = await app.inject({
      method: 'GET',
      url: `/api/user/chatbots?workspaceId=${workspaceId}`,
      headers: bearer(ada),
    });
    chatbotId = chatbots.json()[0].id;
    ({ conversationId } = await startConversation(app, workspaceId));
    photo = await pngOf(1600, 1200);
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  it('answers every path of none of the four shapes with Invalid path format.', async () => {
    const me = ada.user.id;
    const bad = [
      '',
      'photo.png',
      'images/photo.png',
      'images/users/photo.png',
      `images/users/${me}`,
      `images/users/${me}/`,
      `/images/users/${me}/a.png`,
      `images//users/${me}/a.png`,
      `images/users/${me}/nested/a.png`,
      `images/avatars/${me}/a.png`,
      `Images/users/${me}/a.png`,
      `images/users/${me}/..`,
      `images/users/${me}/.`,
      `images/users/${me}/../${me}/a.png`,
      'images/users/../a.png',
      `images/users/${me}/a\\b.png`,
      `images/users/${me}/a\u0000.png`,
      `images/users/${me}/line\nbreak.png`,
      `images/users/${me}/\u202egnp.exe`,
      `images/users/${me}/ leading-space.png`,
      `images/users/${me}/${'x'.repeat(252)}.png`,
      `images/users/${'u'.repeat(65)}/a.png`,
      'images/users/ad@a/a.png',
      `images/chatbots/${workspaceId}/a.png`,
      `images/chatbots/${workspaceId}-/a.png`,
      // A first id too short to be a workspace's (a random id would make this pass whenever its
      // 15th character is '-': the pair then splits there).
      'images/chatbots/short-bot/a.png',
      `images/chatbots/${workspaceId}_${chatbotId}/a.png`,
      `images/products/${workspaceId}/a.png`,
      `images/products/${workspaceId}-p/a/b.png`,
      'attachments/a.pdf',
      `attachments/${workspaceId}/sub/a.pdf`,
      `attachments/${workspaceId}/`,
      `attachments/${workspaceId}/..`,
    ];
    const before = await storedCount();
    for (const storagePath of bad) {
      const response = await upload(ada, storagePath, photo, 'image/png');
      expect({ storagePath, status: response.statusCode, body: response.json() }).toEqual({
        storagePath,
        status: 400,
        body: { error: { code: 'invalid-argument', message: 'Invalid path format.' } },
      });
    }
    expect(await storedCount()).toBe(before);
  });

  it('asks to sign in first', async () => {
    const response = await upload(null, `images/users/${ada.user.id}/a.png`, photo);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('refuses a file that is not a raster image, whatever its name or claimed type', async () => {
    const folder = `images/users/${ada.user.id}`;
    const cases = [
      {
        name: 'HTML renamed .png',
        file: html,
        as: 'page.png',
        type: 'image/png',
        says: /not an image/,
      },
      {
        name: 'text',
        file: Buffer.from('hello'),
        as: 'a.jpg',
        type: 'image/jpeg',
        says: /not an image/,
      },
      {
        name: 'truncated PNG',
        file: photo.subarray(0, 60),
        as: 'a.png',
        type: 'image/png',
        says: /not an image/,
      },
      {
        name: 'SVG',
        file: svg,
        as: 'logo.svg',
        type: 'image/svg+xml',
        says: /^SVG images are not accepted/,
      },
      {
        name: 'SVG renamed .png',
        file: svg,
        as: 'logo.png',
        type: 'image/png',
        says: /^SVG images/,
      },
    ];
    const before = await storedCount();
    for (const { name, file, as, type, says } of cases) {
      const response = await upload(ada, `${folder}/${as}`, file, type);
      expect({ name, status: response.statusCode, code: response.json().error.code }).toEqual({
        name,
        status: 400,
        code: 'invalid-argument',
      });
      expect(response.json().error.message).toMatch(says);
    }
    expect(await storedCount()).toBe(before);
  });

  it('refuses a file over the size limit (10 MB) and an image over 40 megapixels', async () => {
    const oversized = Buffer.alloc(10 * 1024 * 1024 + 1, 7);
    const tooLarge = await upload(ada, `attachments/${conversationId}/big.bin`, oversized);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error).toEqual({
      code: 'invalid-argument',
      message: 'The file is too large: the limit is 10 MB',
    });

    // 6500 × 6200 = 40.3 megapixels, a few kilobytes as a two-colour PNG.
    const huge = await sharp({
      create: { width: 6500, height: 6200, channels: 3, background: '#ffffff' },
    })
      .png({ palette: true, colours: 2 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const tooManyPixels = await upload(ada, `images/users/${ada.user.id}/huge.png`, huge);
    expect(tooManyPixels.statusCode).toBe(400);
    expect(tooManyPixels.json().error).toEqual({
      code: 'invalid-argument',
      message: 'The image is too large: at most 40 megapixels',
    });
  }, 30_000);

  it("answers 404 to a non-member and 403 for another user's photo folder", async () => {
    const calls = [
      { as: grace, to: `images/chatbots/${workspaceId}-${chatbotId}/bot.png`, status: 404 },
      { as: grace, to: `images/products/${workspaceId}-prod1/p.png`, status: 404 },
      { as: grace, to: `attachments/${conversationId}/notes.txt`, status: 404 },
      // A conversation that does not exist looks the same.
      { as: ada, to: `attachments/${'z'.repeat(20)}/notes.txt`, status: 404 },
      // A member, but the chatbot is not this workspace's.
      { as: ada, to: `images/chatbots/${workspaceId}-nochatbot/bot.png`, status: 404 },
      { as: ada, to: `images/users/${grace.user.id}/me.png`, status: 403 },
      // Products and chatbots are the admins': an agent may not upload their photos.
      { as: agent, to: `images/products/${workspaceId}-prod1/p.png`, status: 403 },
      { as: agent, to: `images/chatbots/${workspaceId}-${chatbotId}/bot.png`, status: 403 },
      { as: grace, to: `images/users/${ada.user.id}/me.png`, status: 403 },
    ];
    const before = await storedCount();
    for (const { as, to, status } of calls) {
      const response = await upload(as, to, photo);
      expect({ to, status: response.statusCode, code: response.json().error.code }).toEqual({
        to,
        status,
        code: status === 404 ? 'not-found' : 'permission-denied',
      });
    }
    expect(await storedCount()).toBe(before);
  });

  it('stores a photo under a random suffix, keeps its name, and serves it as webp', async () => {
    const response = await upload(ada, `images/users/${ada.user.id}/My photo.png`, photo);
    expect(response.statusCode).toBe(201);
    const stored: StoredFile = storedFileSchema.parse(response.json());
    const folder = `images/users/${ada.user.id}`;
    expect(stored.path).toMatch(
      new RegExp(`^${folder}/My-photo-[A-Za-z0-9_-]{16}\\.png$`.replace(/\//g, '\\/')),
    );
    expect(stored).toMatchObject({
      url: `http://localhost:3000/api/storage/${stored.path}`,
      originalName: 'My photo.png',
      contentType: 'image/png',
    });

    // On disk under DATA_DIR/storage/<path>, a PNG of the same size; recorded with its name.
    const onDisk = await readFile(path.join(app.config.dataDir, 'storage', stored.path));
    expect(onDisk.length).toBe(stored.size);
    expect(await sharp(onDisk).metadata()).toMatchObject({ format: 'png', width: 1600 });
    const row = await app.db
      .selectFrom('storedFiles')
      .selectAll()
      .where('path', '=', stored.path)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'image',
      ownerUserId: ada.user.id,
      workspaceId: null,
      originalName: 'My photo.png',
      contentType: 'image/png',
      size: stored.size,
      width: 1600,
      height: 1200,
    });
    expect(Date.now() - row.createdAt.getTime()).toBeLessThan(60_000);

    // The same name again is another file.
    const again = await upload(ada, `${folder}/My photo.png`, photo);
    expect(again.json().path).not.toBe(stored.path);

    // Served without signing in (the URL is the secret), as webp in densities 1 and 2.
    const served = async (query: string) => {
      const reply = await app.inject({ method: 'GET', url: `${urlPath(stored.url)}${query}` });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toBe('image/webp');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Public by URL: the widget and e-mails may show it from other origins.
      expect(reply.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(isWebp(reply.rawPayload)).toBe(true);
      return (await sharp(reply.rawPayload).metadata()).width;
    };
    expect(await served('?w=200&dpr=1')).toBe(256);
    expect(await served('?w=200&dpr=2')).toBe(512);
    expect(await served('?w=200')).toBe(256);
    // Without w: a bounded default (1280), never wider than the original.
    expect(await served('')).toBe(1280);
    expect(await served('?w=4000&dpr=2')).toBe(1600);
    // Generated once, then read from the cache.
    expect(
      existsSync(path.join(app.config.dataDir, 'storage-cache', stored.path, '512.webp')),
    ).toBe(true);
    expect(await served('?w=200&dpr=2')).toBe(512);

    const badDensity = await app.inject({ method: 'GET', url: `${urlPath(stored.url)}?dpr=3` });
    expect(badDensity.statusCode).toBe(400);
    const unknown = await app.inject({
      method: 'GET',
      url: `/api/storage/${folder}/My-photo-AAAAAAAAAAAAAAAA.png`,
    });
    expect(unknown.statusCode).toBe(404);
    const traversal = await app.inject({
      method: 'GET',
      url: `/api/storage/images/users/${ada.user.id}/%2e%2e`,
    });
    expect(traversal.statusCode).toBe(400);
  });

  it('re-encodes a JPEG without its metadata', async () => {
    const jpeg = await sharp(await pngOf(64, 48))
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Ada', ImageDescription: 'GPS here' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload(ada, `images/users/${ada.user.id}/holiday.JPEG`, jpeg);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      contentType: 'image/jpeg',
      originalName: 'holiday.JPEG',
    });
    expect(response.json().path).toMatch(/\/holiday-[A-Za-z0-9_-]{16}\.jpg$/);
    const onDisk = await readFile(path.join(app.config.dataDir, 'storage', response.json().path));
    expect((await sharp(onDisk).metadata()).exif).toBeUndefined();
  });

  it('takes a chatbot photo from an admin, splitting {workspaceId}-{chatbotId}', async () => {
    const response = await upload(
      ada,
      `images/chatbots/${workspaceId}-${chatbotId}/bot.png`,
      photo,
    );
    expect(response.statusCode).toBe(201);
    const row = await app.db
      .selectFrom('storedFiles')
      .selectAll()
      .where('path', '=', response.json().path)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ workspaceId, ownerUserId: ada.user.id });
  });

  it("splits ids holding '-' and '_' (as randomId makes them)", async () => {
    const dashed = 'Ab-cd_efghij-klmnopq';
    await app.db
      .insertInto('workspaces')
      .values({ id: dashed, ownedBy: ada.user.id, name: 'Dashed', url: 'https://d.example' })
      .execute();
    await app.db
      .insertInto('workspaceUsers')
      .values({
        id: randomId(),
        workspaceId: dashed,
        userId: ada.user.id,
        role: 'admin',
        status: 'active',
      })
      .execute();
    await app.db
      .insertInto('chatbots')
      .values({
        id: 'bot-with_dashes',
        workspaceId: dashed,
        name: 'Bot',
        description: '',
        messageBackgroundColor: '#2450E6',
        idleTimeoutInMinutes: 30,
        photoUrl: null,
      })
      .execute();
    const response = await upload(ada, `images/chatbots/${dashed}-bot-with_dashes/b.png`, photo);
    expect(response.statusCode).toBe(201);
    const row = await app.db
      .selectFrom('storedFiles')
      .select('workspaceId')
      .where('path', '=', response.json().path)
      .executeTakeFirstOrThrow();
    expect(row.workspaceId).toBe(dashed);
    // Grace is not a member of that workspace either.
    expect(
      (await upload(grace, `images/chatbots/${dashed}-bot-with_dashes/b.png`, photo)).statusCode,
    ).toBe(404);
  });

  it('keeps attachments as they are and serves them as downloads, to members only', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2048)]);
    const response = await upload(
      ada,
      `attachments/${conversationId}/Quarterly report (final).pdf`,
      pdf,
      'application/pdf',
    );
    expect(response.statusCode).toBe(201);
    const stored = storedFileSchema.parse(response.json());
    expect(stored).toMatchObject({
      originalName: 'Quarterly report (final).pdf',
      contentType: 'application/octet-stream',
      size: pdf.length,
    });
    expect(stored.path).toMatch(
      new RegExp(`^attachments/${conversationId}/Quarterly-report-final-[A-Za-z0-9_-]{16}\\.pdf$`),
    );

    const download = (auth: AuthResponse | null) =>
      app.inject({
        method: 'GET',
        url: urlPath(stored.url),
        headers: auth ? bearer(auth) : {},
      });
    for (const member of [ada, agent]) {
      const reply = await download(member);
      expect(reply.statusCode).toBe(200);
      expect(reply.rawPayload.equals(pdf)).toBe(true);
      expect(reply.headers['content-type']).toBe('application/octet-stream');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['content-disposition']).toBe(
        `attachment; filename="Quarterly report (final).pdf"; ` +
          `filename*=UTF-8''Quarterly%20report%20%28final%29.pdf`,
      );
    }
    const stranger = await download(grace);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('PDF');
    expect((await download(null)).statusCode).toBe(401);
    // Not served as an image either.
    const asImage = await app.inject({
      method: 'GET',
      url: urlPath(stored.url).replace('/api/storage/', '/api/storage/images/'),
    });
    expect(asImage.statusCode).toBe(400);
  });

  it('serves an HTML attachment as bytes to download, a PNG one as image/png', async () => {
    const page = await upload(ada, `attachments/${conversationId}/page.html`, html, 'text/html');
    expect(page.json().contentType).toBe('application/octet-stream');
    const pageReply = await app.inject({
      method: 'GET',
      url: urlPath(page.json().url),
      headers: bearer(ada),
    });
    expect(pageReply.headers['content-type']).toBe('application/octet-stream');
    expect(pageReply.headers['content-disposition']).toMatch(/^attachment; /);

    const image = await upload(ada, `attachments/${conversationId}/Résumé.png`, photo, 'image/png');
    expect(image.json()).toMatchObject({ contentType: 'image/png', originalName: 'Résumé.png' });
    const imageReply = await app.inject({
      method: 'GET',
      url: urlPath(image.json().url),
      headers: bearer(ada),
    });
    expect(imageReply.headers['content-type']).toBe('image/png');
    expect(imageReply.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_.png"; filename*=UTF-8''R%C3%A9sum%C3%A9.png`,
    );
    expect(imageReply.rawPayload.equals(photo)).toBe(true);
  });

  it('asks for the file in the multipart field "file"', async () => {
    const body = multipart(photo, { field: 'photo' });
    const wrongField = await app.inject({
      method: 'POST',
      url: `/api/storage/upload?path=images/users/${ada.user.id}/a.png`,
      headers: { ...body.headers, ...bearer(ada) },
      payload: body.payload,
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.message).toBe(
      'Send the file as multipart/form-data, in the field "file"',
    );
    const json = await app.inject({
      method: 'POST',
      url: `/api/storage/upload?path=images/users/${ada.user.id}/a.png`,
      headers: bearer(ada),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const empty = await upload(ada, `attachments/${conversationId}/empty.txt`, Buffer.alloc(0));
    expect(empty.json().error).toEqual({ code: 'invalid-argument', message: 'The file is empty' });
  });
});

describe('storage that cannot be written', () => {
  let app: TestApp;
  let ada: AuthResponse;
  let scratch: string;

  beforeAll(async () => {
    // A regular file where the storage folder's parent should be: every mkdir fails (ENOTDIR),
    // even for root, which a read-only folder would not stop.
    scratch = mkdtempSync(path.join(os.tmpdir(), 'parley-storage-'));
    const notAFolder = path.join(scratch, 'not-a-folder');
    writeFileSync(notAFolder, 'x');
    const base = testConfig();
    app = await buildTestApp({
      dataDir: base.dataDir,
      storage: { ...base.storage, dir: path.join(notAFolder, 'storage') },
    });
    ada = (await signUp(app)).auth;
  }, appStartTimeoutMs);
  afterAll(async () => {
    await app.close();
    await rm(scratch, { recursive: true, force: true });
    await rm(app.config.dataDir, { recursive: true, force: true });
  });

  it("answers 503 unavailable 'Cannot upload to storage' and records nothing", async () => {
    const body = multipart(await pngOf(32, 32));
    const response = await app.inject({
      method: 'POST',
      url: `/api/storage/upload?path=${encodeURIComponent(`images/users/${ada.user.id}/me.png`)}`,
      headers: { ...body.headers, ...bearer(ada) },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'unavailable', message: 'Cannot upload to storage' },
    });
    const rows = await app.db.selectFrom('storedFiles').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
