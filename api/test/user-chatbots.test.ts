import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { AuthResponse, Chatbot } from 'shared-sdk';
import { chatbotSchema, storedFileSchema } from 'shared-sdk/schemas';
import { seedTeams, type Teams } from './fixtures/teams';
import { bearer } from './fixtures/user';
import { appStartTimeoutMs, buildTestApp } from './support/build-test-app';
import type { TestApp } from './support/build-test-app';

function multipartPng(png: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----parley-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('PATCH /api/user/chatbots', () => {
  let app: TestApp;
  let teams: Teams;
  let png: Buffer;
  beforeAll(async () => {
    app = await buildTestApp();
    teams = await seedTeams(app);
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0b6e4f' } })
      .png()
      .toBuffer();
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  const firstChatbot = async (auth: AuthResponse, workspaceId: string): Promise<Chatbot> => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/user/chatbots?workspaceId=${workspaceId}`,
      headers: bearer(auth),
    });
    const [chatbot] = chatbotSchema.array().parse(response.json());
    if (!chatbot) throw new Error('the workspace has no chatbot');
    return chatbot;
  };
  const settings = {
    name: 'Spoke',
    description: 'Answers questions about bikes and repairs',
    messageBackgroundColor: '#0B6E4F',
    idleTimeoutInMinutes: 45,
    photoUrl: null as string | null,
  };
  const patch = (auth: AuthResponse, body: object) =>
    app.inject({
      method: 'PATCH',
      url: '/api/user/chatbots',
      headers: bearer(auth),
      payload: body,
    });
  const uploadPhoto = async (auth: AuthResponse, folder: string) => {
    const body = multipartPng(png);
    const response = await app.inject({
      method: 'POST',
      url: `/api/storage/upload?path=${encodeURIComponent(`${folder}/bot.png`)}`,
      headers: { ...body.headers, ...bearer(auth) },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return storedFileSchema.parse(response.json());
  };

  it('changes every setting, with a photo uploaded to its folder, and answers the chatbot', async () => {
    const { workspaceId, admin } = teams.team;
    const chatbot = await firstChatbot(admin.auth, workspaceId);
    const photo = await uploadPhoto(admin.auth, `images/chatbots/${workspaceId}-${chatbot.id}`);
    const response = await patch(admin.auth, {
      workspaceId,
      chatbotId: chatbot.id,
      ...settings,
      name: '  Spoke  ',
      photoUrl: photo.url,
    });
    expect(response.statusCode).toBe(200);
    expect(chatbotSchema.parse(response.json())).toEqual({
      ...chatbot,
      ...settings,
      photoUrl: photo.url,
      updatedAt: expect.any(String),
    });
    expect(await firstChatbot(admin.auth, workspaceId)).toEqual(response.json());

    const removed = await patch(admin.auth, { workspaceId, chatbotId: chatbot.id, ...settings });
    expect(removed.json().photoUrl).toBeNull();
  });

  it('refuses each bad field with 400 naming it', async () => {
    const { workspaceId, admin } = teams.team;
    const chatbot = await firstChatbot(admin.auth, workspaceId);
    const other = teams.otherTeam;
    const otherChatbot = await firstChatbot(other.admin.auth, other.workspaceId);
    const otherPhoto = await uploadPhoto(
      other.admin.auth,
      `images/chatbots/${other.workspaceId}-${otherChatbot.id}`,
    );
    const ownFolder = `/api/storage/images/chatbots/${workspaceId}-${chatbot.id}`;
    const cases: [field: string, value: unknown][] = [
      ['name', ''],
      ['name', '   '],
      ['name', 'n'.repeat(61)],
      ['description', 'd'.repeat(501)],
      ['messageBackgroundColor', 'green'],
      ['messageBackgroundColor', '#0B6E4'],
      ['messageBackgroundColor', 'rgb(11, 110, 79)'],
      ['idleTimeoutInMinutes', 4],
      ['idleTimeoutInMinutes', 1441],
      ['idleTimeoutInMinutes', 30.5],
      ['idleTimeoutInMinutes', '30'],
      // Another workspace's chatbot photo, though it is a real stored file.
      ['photoUrl', otherPhoto.url],
      ['photoUrl', 'https://images.example/bot.png'],
      ['photoUrl', `${ownFolder}/../../users/x/me.png`],
      // The right folder, but nothing was uploaded there.
      ['photoUrl', `${ownFolder}/never-uploaded.webp`],
    ];
    for (const [field, value] of cases) {
      const response = await patch(admin.auth, {
        workspaceId,
        chatbotId: chatbot.id,
        ...settings,
        [field]: value,
      });
      expect({ field, value, status: response.statusCode }).toEqual({ field, value, status: 400 });
      expect(response.json().error.message).toContain(`body.${field}`);
    }
    const timeout = await patch(admin.auth, {
      workspaceId,
      chatbotId: chatbot.id,
      ...settings,
      idleTimeoutInMinutes: 2,
    });
    expect(timeout.json().error.message).toContain('from 5 to 1440');
    expect(await firstChatbot(admin.auth, workspaceId)).toEqual(chatbot);
  });

  it("is for the workspace's admins, and finds no other workspace's chatbot", async () => {
    const { team, otherTeam, stranger } = teams;
    const chatbot = await firstChatbot(team.admin.auth, team.workspaceId);
    const otherChatbot = await firstChatbot(otherTeam.admin.auth, otherTeam.workspaceId);
    const own = { workspaceId: team.workspaceId, chatbotId: chatbot.id, ...settings };
    const calls = [
      { as: team.agent.auth, body: own, status: 403, code: 'permission-denied' },
      { as: stranger.auth, body: own, status: 404, code: 'not-found' },
      { as: otherTeam.admin.auth, body: own, status: 404, code: 'not-found' },
      // An admin naming another workspace's chatbot under their own workspace.
      {
        as: team.admin.auth,
        body: { ...own, chatbotId: otherChatbot.id },
        status: 404,
        code: 'not-found',
      },
    ];
    for (const { as, body, status, code } of calls) {
      const response = await patch(as, { ...body, name: 'Taken over' });
      expect({ status: response.statusCode, code: response.json().error.code }).toEqual({
        status,
        code,
      });
    }
    expect((await firstChatbot(otherTeam.admin.auth, otherTeam.workspaceId)).name).toBe(
      otherChatbot.name,
    );
    expect((await firstChatbot(team.admin.auth, team.workspaceId)).name).not.toBe('Taken over');
  });

  it("the widget's next session shows the new name and colour", async () => {
    const { workspaceId, admin } = teams.team;
    const chatbot = await firstChatbot(admin.auth, workspaceId);
    await patch(admin.auth, {
      workspaceId,
      chatbotId: chatbot.id,
      ...settings,
      name: 'Renamed',
      messageBackgroundColor: '#FFD23F',
    });
    const session = await app.inject({
      method: 'POST',
      url: '/api/widget/sessions',
      payload: { workspaceId },
    });
    expect(session.json().chatbot).toMatchObject({
      name: 'Renamed',
      messageBackgroundColor: '#FFD23F',
    });
  });
});
