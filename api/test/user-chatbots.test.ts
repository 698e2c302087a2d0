import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { AuthResponse, Chatbot } from 'shared-sdk';
import type { WidgetSession } from 'shared-sdk/schemas';
import {
  chatbotSchema,
  storedFileSchema,
  widgetConversationSchema,
  widgetSessionSchema,
  widgetVisitorSchema,
} from 'shared-sdk/schemas';
import { visitorBearer } from './fixtures/customer';
import { createWorkspace } from './fixtures/workspace';
import { seedTeams, type Teams } from './fixtures/teams';
import { bearer, signUp } from './fixtures/user';
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
  /** Every field of the second half of the page, set away from its default. */
  const experience = {
    greetingMessage: 'Hi! Ask me about bikes, repairs and delivery.',
    launcherPosition: 'left',
    launcherLabel: 'Chat with us',
    preChatForm: { name: 'optional', email: 'required' },
    businessHours: {
      enabled: true,
      timeZone: 'Europe/Paris',
      intervals: [
        { day: 'mon', start: '09:00', end: '17:30' },
        { day: 'sat', start: '10:00', end: '24:00' },
      ],
    },
    awayMessage: 'We answer Monday 9:00 to 17:30 and Saturday from 10:00, Paris time.',
  } as const;
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
    const own = {
      workspaceId: team.workspaceId,
      chatbotId: chatbot.id,
      ...settings,
      ...experience,
    };
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
    const ownAfter = await firstChatbot(team.admin.auth, team.workspaceId);
    expect(ownAfter.name).not.toBe('Taken over');
    expect(ownAfter.greetingMessage).not.toBe(experience.greetingMessage);
    expect((await firstChatbot(otherTeam.admin.auth, otherTeam.workspaceId)).launcherLabel).toBe(
      otherChatbot.launcherLabel,
    );
  });

  it('changes the greeting, launcher, pre-chat form and business hours, which round-trip', async () => {
    const { workspaceId, admin } = teams.team;
    const chatbot = await firstChatbot(admin.auth, workspaceId);
    expect(chatbot).toMatchObject({
      greetingMessage: '',
      launcherPosition: 'right',
      launcherLabel: '',
      preChatForm: { name: 'off', email: 'off' },
      businessHours: { enabled: false, timeZone: 'UTC', intervals: [] },
      awayMessage: '',
    });
    const response = await patch(admin.auth, {
      workspaceId,
      chatbotId: chatbot.id,
      ...settings,
      ...experience,
      launcherLabel: '  Chat with us  ',
    });
    expect(response.statusCode).toBe(200);
    expect(chatbotSchema.parse(response.json())).toMatchObject(experience);
    expect(await firstChatbot(admin.auth, workspaceId)).toEqual(response.json());

    // Left out, they stay as they are (a caller of the spec's fields alone changes none of them).
    const specFieldsOnly = await patch(admin.auth, {
      workspaceId,
      chatbotId: chatbot.id,
      ...settings,
    });
    expect(specFieldsOnly.json()).toMatchObject(experience);

    // What the widget gets: the session, and the loader's launcher call (no visitor made).
    const session = await app.inject({
      method: 'POST',
      url: '/api/widget/sessions',
      payload: { workspaceId },
    });
    expect(session.json().chatbot).toMatchObject(experience);
    expect(session.json().visitor).toEqual({
      verified: false,
      firstName: '',
      lastName: '',
      email: null,
      preChatAnswered: false,
    });
    const launcher = await app.inject({
      method: 'GET',
      url: `/api/widget/launcher?workspaceId=${workspaceId}`,
    });
    expect(launcher.statusCode).toBe(200);
    expect(launcher.json()).toEqual({
      name: settings.name,
      color: settings.messageBackgroundColor,
      textColor: '#FFFFFF',
      position: 'left',
      label: 'Chat with us',
    });
    const unknown = await app.inject({
      method: 'GET',
      url: `/api/widget/launcher?workspaceId=${workspaceId}&chatbotId=${teams.otherTeam.workspaceId}`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses each bad greeting, launcher, pre-chat and business-hours value with a clear 400', async () => {
    const { workspaceId, admin } = teams.team;
    const chatbot = await firstChatbot(admin.auth, workspaceId);
    const hours = experience.businessHours;
    const cases: [field: string, value: unknown, message: string][] = [
      ['greetingMessage', 'g'.repeat(501), 'greeting is at most 500'],
      ['launcherPosition', 'top', 'left or the right'],
      ['launcherPosition', 'LEFT', 'left or the right'],
      ['launcherLabel', 'l'.repeat(41), 'at most 40 characters'],
      ['awayMessage', 'a'.repeat(501), 'away message is at most 500'],
      ['preChatForm', { name: 'maybe', email: 'off' }, 'off, optional or required'],
      ['preChatForm', { name: 'required' }, 'off, optional or required'],
      ['preChatForm', 'required', 'off, optional or required'],
      ['businessHours', { ...hours, timeZone: 'Mars/Olympus_Mons' }, 'Unknown time zone'],
      ['businessHours', { ...hours, timeZone: '' }, 'choose a time zone'],
      [
        'businessHours',
        { ...hours, intervals: [{ day: 'mon', start: '17:00', end: '09:00' }] },
        'closing time must be after the opening time',
      ],
      [
        'businessHours',
        { ...hours, intervals: [{ day: 'mon', start: '09:00', end: '09:00' }] },
        'closing time must be after the opening time',
      ],
      [
        'businessHours',
        { ...hours, intervals: [{ day: 'mon', start: '9:00', end: '17:00' }] },
        'HH:MM on the 24-hour clock',
      ],
      [
        'businessHours',
        { ...hours, intervals: [{ day: 'mon', start: '09:00', end: '25:00' }] },
        'HH:MM on the 24-hour clock',
      ],
      [
        'businessHours',
        { ...hours, intervals: [{ day: 'someday', start: '09:00', end: '17:00' }] },
        'mon, tue, wed',
      ],
      [
        'businessHours',
        {
          ...hours,
          intervals: [
            { day: 'tue', start: '09:00', end: '12:00' },
            { day: 'tue', start: '13:00', end: '17:00' },
          ],
        },
        'two opening intervals',
      ],
      ['businessHours', { ...hours, enabled: 'yes' }, 'either on or off'],
    ];
    for (const [field, value, message] of cases) {
      const response = await patch(admin.auth, {
        workspaceId,
        chatbotId: chatbot.id,
        ...settings,
        [field]: value,
      });
      expect({ field, value, status: response.statusCode }).toEqual({ field, value, status: 400 });
      const text: string = response.json().error.message;
      expect({ field, value, text }).toEqual({
        field,
        value,
        text: expect.stringContaining(`body.${field}`),
      });
      expect({ field, value, text }).toEqual({
        field,
        value,
        text: expect.stringContaining(message),
      });
    }
    expect(await firstChatbot(admin.auth, workspaceId)).toEqual(chatbot);
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

describe('what the widget does with the greeting, pre-chat form and business hours', () => {
  let app: TestApp;
  let admin: AuthResponse;
  let workspaceId: string;
  let chatbotId: string;
  beforeAll(async () => {
    app = await buildTestApp();
    admin = (await signUp(app)).auth;
    ({ workspaceId } = await createWorkspace(app, admin));
    const listed = await app.inject({
      method: 'GET',
      url: `/api/user/chatbots?workspaceId=${workspaceId}`,
      headers: bearer(admin),
    });
    chatbotId = chatbotSchema.array().parse(listed.json())[0]!.id;
  }, appStartTimeoutMs);
  afterAll(() => app.close());

  const configure = async (changes: object) => {
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/user/chatbots',
      headers: bearer(admin),
      payload: {
        workspaceId,
        chatbotId,
        name: 'Spoke',
        description: '',
        messageBackgroundColor: '#0B6E4F',
        idleTimeoutInMinutes: 30,
        photoUrl: null,
        ...changes,
      },
    });
    expect(response.statusCode).toBe(200);
  };
  const newVisitor = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/widget/sessions',
      payload: { workspaceId },
    });
    return widgetSessionSchema.parse(response.json());
  };
  const widgetCall = (
    session: WidgetSession,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) =>
    app.inject({ method, url, headers: visitorBearer(session), ...(payload ? { payload } : {}) });
  /** Business hours that are closed at any time (enabled, no interval) or open at any time. */
  const closedAlways = { enabled: true, timeZone: 'Pacific/Auckland', intervals: [] };
  const openAlways = {
    enabled: true,
    timeZone: 'America/New_York',
    intervals: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({
      day,
      start: '00:00',
      end: '24:00',
    })),
  };

  it('stores the greeting as the first message only when the customer writes', async () => {
    await configure({ greetingMessage: 'Hi! How can we help?' });
    const session = await newVisitor();
    // A page view that never writes leaves nothing behind.
    const before = await widgetCall(session, 'GET', '/api/widget/messages');
    expect(before.json()).toEqual({ conversation: null, messages: [] });

    await widgetCall(session, 'POST', '/api/widget/messages', { content: 'Do you fix brakes?' });
    await app.conversationBot.idle();
    const { messages } = widgetConversationSchema.parse(
      (await widgetCall(session, 'GET', '/api/widget/messages')).json(),
    );
    expect(messages.slice(0, 2).map(({ role, content }) => ({ role, content }))).toEqual([
      { role: 'bot', content: 'Hi! How can we help?' },
      { role: 'user', content: 'Do you fix brakes?' },
    ]);
    await configure({ greetingMessage: '' });
  });

  it('asks for required answers before the first message, saves them on the customer, and not again', async () => {
    await configure({ preChatForm: { name: 'optional', email: 'required' } });
    const session = await newVisitor();
    expect(session.visitor.preChatAnswered).toBe(false);

    const refused = await widgetCall(session, 'POST', '/api/widget/messages', { content: 'Hello' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('your e-mail address is required');

    const blank = await widgetCall(session, 'POST', '/api/widget/pre-chat', { name: 'Ada' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('body.email: Please enter your e-mail address');
    const malformed = await widgetCall(session, 'POST', '/api/widget/pre-chat', {
      email: 'ada-at-example',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toContain('body.email: Please enter a valid e-mail');

    const saved = await widgetCall(session, 'POST', '/api/widget/pre-chat', {
      name: 'Ada King Lovelace',
      email: 'ada@customer.example',
    });
    expect(saved.statusCode).toBe(200);
    expect(widgetVisitorSchema.parse(saved.json())).toEqual({
      verified: false,
      firstName: 'Ada',
      lastName: 'King Lovelace',
      email: 'ada@customer.example',
      preChatAnswered: true,
    });

    const sent = await widgetCall(session, 'POST', '/api/widget/messages', { content: 'Hello' });
    expect(sent.statusCode).toBe(201);
    await app.conversationBot.idle();
    // The agents' conversation shows who wrote.
    const { conversation } = widgetConversationSchema.parse(
      (await widgetCall(session, 'GET', '/api/widget/messages')).json(),
    );
    expect(conversation?.customer).toMatchObject({
      firstName: 'Ada',
      lastName: 'King Lovelace',
      email: 'ada@customer.example',
    });

    // Returning: the session says the form was answered.
    const resumed = await app.inject({
      method: 'POST',
      url: '/api/widget/sessions',
      headers: visitorBearer(session),
      payload: { workspaceId },
    });
    expect(resumed.json().visitor).toMatchObject({ preChatAnswered: true });
    await configure({ preChatForm: { name: 'off', email: 'off' } });
  });

  it('takes a name of only invisible characters for no name', async () => {
    await configure({ preChatForm: { name: 'required', email: 'off' } });
    const session = await newVisitor();
    for (const name of ['\u200B', '\u2060\u200B', '\u200B \u00A0\u2060', '\uFEFF']) {
      const refused = await widgetCall(session, 'POST', '/api/widget/pre-chat', { name });
      expect({ name, status: refused.statusCode, message: refused.json().error?.message }).toEqual({
        name,
        status: 400,
        message: 'body.name: Please enter your name',
      });
    }
    // Nor does a conversation start without it.
    const sent = await widgetCall(session, 'POST', '/api/widget/messages', { content: 'Hi' });
    expect(sent.statusCode).toBe(400);
    await configure({ preChatForm: { name: 'off', email: 'off' } });
  });

  it('ignores answers to questions the form does not ask', async () => {
    await configure({ preChatForm: { name: 'required', email: 'off' } });
    const session = await newVisitor();
    const saved = await widgetCall(session, 'POST', '/api/widget/pre-chat', {
      name: 'Grace',
      email: 'grace@customer.example',
    });
    expect(saved.json()).toEqual({
      verified: false,
      firstName: 'Grace',
      lastName: '',
      email: null,
      preChatAnswered: true,
    });
    await configure({ preChatForm: { name: 'off', email: 'off' } });
  });

  it('outside business hours the handover tells the customer the team is away', async () => {
    const awayMessage = 'We are back Monday at 9:00.';
    await configure({ businessHours: closedAlways, awayMessage });
    const outside = await newVisitor();
    await widgetCall(outside, 'POST', '/api/widget/messages', { content: 'Hello there' });
    await app.conversationBot.idle();
    const away = await widgetCall(outside, 'POST', '/api/widget/handoff');
    expect(away.json().lastMessage.content).toBe(
      "Of course — I've passed this on to our team. They're away right now and will reply here as soon as they're back.\n\n" +
        awayMessage,
    );

    await configure({ businessHours: openAlways, awayMessage });
    const inside = await newVisitor();
    await widgetCall(inside, 'POST', '/api/widget/messages', { content: 'Hello there' });
    await app.conversationBot.idle();
    const open = await widgetCall(inside, 'POST', '/api/widget/handoff');
    expect(open.json().lastMessage.content).toContain("They'll reply here shortly");
  });
});
