import { screen, within } from '@testing-library/react';
import { ApiError, session, type StoredFile, type User } from 'shared-sdk';
import {
  deferred,
  errorReply,
  fakeApi,
  notFoundReply,
  type FakeReply,
  type FakeRequest,
} from '@testing/fake-api';
import { buildUser } from '@testing/data-generators';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { MyAccountPage } from './my-account-page';

const profile = buildUser();

const uploadUrl = (path: string) => `/api/storage/upload?path=${encodeURIComponent(path)}`;

/** What the storage API answers for an upload of `fileName` to Ada's photo folder. */
function storedPhoto(fileName: string): StoredFile {
  const path = `images/users/usr_ada/${fileName.replace(/\W+/g, '-')}-AbCdEfGhIjKlMnOp.png`;
  return {
    path,
    url: `http://localhost/api/storage/${path}`,
    originalName: fileName,
    contentType: 'image/png',
    size: 2048,
  };
}

/**
 * The profile API: GET answers `user`; PATCH answers `patch`, by default saves the fields sent and
 * answers the saved user. An upload to the storage API answers `upload`, by default the stored
 * photo.
 */
function profileApi(
  patch?: (body: Partial<User>) => FakeReply,
  {
    user = profile,
    upload,
  }: { user?: User; upload?: (request: FakeRequest) => FakeReply | Promise<FakeReply> } = {},
) {
  let saved = user;
  return fakeApi((request) => {
    if (request.method === 'POST' && request.url.startsWith('/api/storage/upload?')) {
      const file = (request.body as FormData).get('file') as File;
      return upload ? upload(request) : { status: 201, body: storedPhoto(file.name) };
    }
    if (request.url !== '/api/user/profile') return notFoundReply(request);
    if (request.method === 'GET') return { status: 200, body: saved };
    const body = request.body as Partial<User>;
    if (patch) return patch(body);
    saved = { ...saved, ...body };
    return { status: 200, body: saved };
  });
}

async function renderMyAccount(overrides: Partial<User> = {}) {
  await signIn(overrides);
  const view = renderPage(<MyAccountPage />, { route: '/dashboard/my-account' });
  const fields = {
    firstName: () => screen.getByLabelText('First name'),
    lastName: () => screen.getByLabelText('Last name'),
    email: () => screen.getByLabelText('E-mail address'),
    website: () => screen.getByLabelText(/^Website/),
    countryCode: () => screen.getByLabelText(/^Country code/),
    phoneNumber: () => screen.getByLabelText(/^Phone number/),
    photo: () => screen.getByLabelText(/^(Upload a|Change) photo$/),
  };
  await screen.findByRole('button', { name: 'Save changes' });
  const save = () => view.user.click(screen.getByRole('button', { name: 'Save changes' }));
  return { ...view, fields, save };
}

const patches = (requests: FakeRequest[]) =>
  requests.filter((request) => request.method === 'PATCH');
const uploads = (requests: FakeRequest[]) =>
  requests.filter((request) => request.url.startsWith('/api/storage/'));
const avatar = () => screen.getByTestId('user-avatar');
const avatarImage = () => avatar().querySelector('img');
const photoFile = (name = 'Ada at work.png', type = 'image/png') =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type });
const preview = 'blob:http://localhost/preview-1';

// jsdom has no object URLs: the page's preview of the chosen file gets this one.
beforeEach(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => preview), revokeObjectURL: jest.fn() });
});
afterEach(() => {
  Object.assign(URL, { createObjectURL: undefined, revokeObjectURL: undefined });
});

describe('My account page', () => {
  it('opens with the saved profile in the form', async () => {
    profileApi();
    const { fields } = await renderMyAccount();

    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(fields.firstName()).toHaveValue('Ada');
    expect(fields.lastName()).toHaveValue('Lovelace');
    expect(fields.email()).toHaveValue('ada@fernhill.example');
    expect(fields.website()).toHaveValue('https://fernhill.example');
    expect(fields.countryCode()).toHaveValue('GB');
    expect(fields.phoneNumber()).toHaveValue('+44 20 7946 0000');
    expect(fields.photo()).toHaveAttribute('type', 'file');
    expect(fields.photo()).toHaveAttribute('accept', 'image/*');
    expect(fields.photo()).toHaveAccessibleDescription(
      'A PNG, JPEG, WebP, GIF or AVIF image, up to 10 MB. It is shown round, so keep your face in the middle.',
    );
    expect(screen.queryByLabelText(/Photo URL/)).not.toBeInTheDocument();
    expect(document.title).toBe('My account · Parley');
  });

  it("shows the schema's errors, focuses the first and saves nothing", async () => {
    const { requests } = profileApi();
    const { user, fields, save } = await renderMyAccount();

    await user.clear(fields.email());
    await user.type(fields.email(), 'ada-at-fernhill');
    await user.clear(fields.website());
    await user.type(fields.website(), 'fernhill.example');
    await user.clear(fields.countryCode());
    await user.type(fields.countryCode(), 'G1');
    await save();

    expect(fields.email()).toHaveAccessibleDescription(
      'You log in with this address. Please enter a valid e-mail address',
    );
    expect(fields.website()).toHaveAccessibleDescription(
      'Please enter a full web address, like https://example.com',
    );
    expect(fields.countryCode()).toHaveAccessibleDescription(
      'Two letters, like US or GB. Use a two-letter country code, like US',
    );
    expect(fields.firstName()).not.toHaveAttribute('aria-invalid');
    expect(fields.email()).toHaveFocus();
    expect(patches(requests)).toEqual([]);
  });

  it('sends only the changed fields, then updates the session user', async () => {
    const { requests } = profileApi();
    const { user, fields, save } = await renderMyAccount();

    await user.clear(fields.firstName());
    await user.type(fields.firstName(), '  Augusta ');
    await user.clear(fields.countryCode());
    await user.type(fields.countryCode(), 'us');
    await user.clear(fields.website());
    await save();

    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(patches(requests)).toEqual([
      {
        method: 'PATCH',
        url: '/api/user/profile',
        // Trimmed and upper-cased by the form; a cleared website is sent as null.
        body: { firstName: 'Augusta', countryCode: 'US', website: null },
      },
    ]);
    expect(session().getState().user).toMatchObject({
      firstName: 'Augusta',
      fullName: 'Augusta Lovelace',
      countryCode: 'US',
      website: null,
    });
    expect(fields.firstName()).toHaveValue('Augusta');
    expect(fields.countryCode()).toHaveValue('US');
  });

  it('compares with what was saved last, and sends nothing when nothing changed', async () => {
    const { requests } = profileApi();
    const { user, fields, save } = await renderMyAccount();

    await save();
    expect(await screen.findByText('There are no changes to save.')).toBeInTheDocument();
    expect(patches(requests)).toEqual([]);

    await user.type(fields.lastName(), '-King');
    await save();
    await screen.findByText('Your profile has been saved.');
    await save();
    await screen.findByText('There are no changes to save.');
    expect(patches(requests).map((request) => request.body)).toEqual([
      { lastName: 'Lovelace-King' },
    ]);
  });

  it('shows an e-mail address taken by another account beside the field, keeping the input', async () => {
    profileApi(() =>
      errorReply(400, 'auth/email-already-in-use', 'The e-mail address is already in use'),
    );
    const { user, fields, save } = await renderMyAccount();

    await user.clear(fields.email());
    await user.type(fields.email(), 'grace@fernhill.example');
    await user.clear(fields.firstName());
    await user.type(fields.firstName(), 'Grace');
    await save();

    expect(
      await screen.findByText('Another Parley account already uses this e-mail address.'),
    ).toBeInTheDocument();
    expect(fields.email()).toHaveAttribute('aria-invalid', 'true');
    expect(fields.email()).toHaveFocus();
    expect(fields.email()).toHaveValue('grace@fernhill.example');
    expect(fields.firstName()).toHaveValue('Grace');
    expect(session().getState().user?.email).toBe('ada@fernhill.example');
  });

  it("reports a save the server failed as product-spec.md §8's 'Cannot update user data' toast", async () => {
    // A proxy's bare 502: the text comes from the call's definition, not from the answer.
    profileApi(() => errorReply(502, 'internal', 'Bad gateway'));
    const { user, fields, save } = await renderMyAccount();

    await user.type(fields.phoneNumber(), ' 12');
    await save();

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Cannot update user data');
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('alert')).toBe(
      toast,
    );
    expect(fields.phoneNumber()).toHaveValue('+44 20 7946 0000 12');
  });

  it('shows the initials without a photo, following the names typed', async () => {
    profileApi();
    const { user, fields } = await renderMyAccount();

    expect(avatar()).toHaveTextContent('AL');
    expect(within(avatar()).queryByRole('presentation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    await user.clear(fields.firstName());
    await user.type(fields.firstName(), 'Grace');
    expect(avatar()).toHaveTextContent('GL');
  });

  it('shows a saved photo in densities 1 and 2, and any other address as it is', async () => {
    const url = 'http://localhost/api/storage/images/users/usr_ada/ada-AbCdEfGhIjKlMnOp.png';
    profileApi(undefined, { user: buildUser({ photoUrl: url }) });
    const { fields } = await renderMyAccount({ photoUrl: url });

    expect(avatarImage()).toHaveAttribute('src', `${url}?w=72&dpr=1`);
    expect(avatarImage()).toHaveAttribute('srcset', `${url}?w=72&dpr=1 1x, ${url}?w=72&dpr=2 2x`);
    expect(fields.photo()).toHaveAccessibleName('Change photo');
  });

  it('uploads a chosen photo, previews it at once, then saves it as the profile photo', async () => {
    const upload = deferred<FakeReply>();
    const { requests } = profileApi(undefined, { upload: () => upload.promise });
    const { user, fields } = await renderMyAccount();

    await user.upload(fields.photo(), photoFile());

    // Pending: the chosen file is shown, the control waits.
    expect(await screen.findByText('Uploading your photo…')).toBeInTheDocument();
    expect(fields.photo()).toBeDisabled();
    expect(avatarImage()).toHaveAttribute('src', preview);
    const [sent] = uploads(requests);
    expect(sent).toMatchObject({
      method: 'POST',
      url: uploadUrl('images/users/usr_ada/Ada at work.png'),
    });
    const sentFile = (sent?.body as FormData).get('file') as File;
    expect(sentFile.name).toBe('Ada at work.png');
    expect(sentFile.size).toBe(8);
    expect(patches(requests)).toEqual([]);

    const stored = storedPhoto('Ada at work.png');
    upload.resolve({ status: 201, body: stored });

    expect(await screen.findByText('Your new photo has been saved.')).toBeInTheDocument();
    expect(patches(requests)).toEqual([
      { method: 'PATCH', url: '/api/user/profile', body: { photoUrl: stored.url } },
    ]);
    expect(session().getState().user?.photoUrl).toBe(stored.url);
    expect(avatarImage()).toHaveAttribute('src', `${stored.url}?w=72&dpr=1`);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(preview);
    expect(fields.photo()).toBeEnabled();
    expect(fields.photo()).toHaveAccessibleName('Change photo');
    expect(screen.queryByText('Uploading your photo…')).not.toBeInTheDocument();
  });

  it.each([
    [
      'a path the API refuses',
      errorReply(400, 'invalid-argument', 'Invalid path format.'),
      'Invalid path format.',
    ],
    [
      'a file that is not an image',
      errorReply(
        400,
        'invalid-argument',
        'The file is not an image: upload a PNG, JPEG, WebP, GIF or AVIF image',
      ),
      'The file is not an image: upload a PNG, JPEG, WebP, GIF or AVIF image',
    ],
    [
      'a file too large',
      errorReply(400, 'invalid-argument', 'The file is too large: the limit is 10 MB'),
      'The file is too large: the limit is 10 MB',
    ],
    [
      'a file a proxy refuses as too large',
      { status: 413 },
      'This file is too large. Please choose an image of up to 10 MB.',
    ],
    [
      'storage that is down',
      errorReply(503, 'unavailable', 'Cannot upload to storage'),
      'Cannot upload to storage',
    ],
  ])('tells of %s, and keeps the profile as it was', async (_case, reply, message) => {
    const { requests } = profileApi(undefined, { upload: () => reply });
    const { user, fields } = await renderMyAccount();

    await user.upload(fields.photo(), photoFile('page.png'));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(patches(requests)).toEqual([]);
    expect(session().getState().user?.photoUrl).toBeNull();
    expect(avatar()).toHaveTextContent('AL');
    expect(fields.photo()).toBeEnabled();

    // The same file may be chosen again, and this time it works.
    await user.upload(fields.photo(), photoFile('page.png'));
    expect(uploads(requests)).toHaveLength(2);
  });

  it('tells when the upload worked but the profile could not be saved', async () => {
    profileApi(() => errorReply(503, 'unavailable', 'Cannot update user data'));
    const { user, fields } = await renderMyAccount();

    await user.upload(fields.photo(), photoFile());

    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot update user data');
    expect(session().getState().user?.photoUrl).toBeNull();
    expect(avatar()).toHaveTextContent('AL');
  });

  it('removes the photo', async () => {
    const url = 'https://cdn.fernhill.example/ada.jpg';
    const { requests } = profileApi(undefined, { user: buildUser({ photoUrl: url }) });
    const { user } = await renderMyAccount({ photoUrl: url });
    expect(avatarImage()).toHaveAttribute('src', url);

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));

    expect(await screen.findByText('Your photo has been removed.')).toBeInTheDocument();
    expect(patches(requests)).toEqual([
      { method: 'PATCH', url: '/api/user/profile', body: { photoUrl: null } },
    ]);
    expect(session().getState().user?.photoUrl).toBeNull();
    expect(avatar()).toHaveTextContent('AL');
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
  });

  it('never sends the photo again with the other fields', async () => {
    const { requests } = profileApi();
    const { user, fields, save } = await renderMyAccount();

    await user.upload(fields.photo(), photoFile());
    await screen.findByText('Your new photo has been saved.');
    await user.type(fields.lastName(), '-King');
    await save();

    await screen.findByText('Your profile has been saved.');
    expect(patches(requests).map((request) => request.body)).toEqual([
      { photoUrl: storedPhoto('Ada at work.png').url },
      { lastName: 'Lovelace-King' },
    ]);
    expect(session().getState().user).toMatchObject({
      photoUrl: storedPhoto('Ada at work.png').url,
      lastName: 'Lovelace-King',
    });
  });

  it('offers to try again when the profile cannot be loaded', async () => {
    let available = false;
    fakeApi(() =>
      available
        ? { status: 200, body: profile }
        : errorReply(503, 'unavailable', 'Service unavailable'),
    );
    await signIn();
    const { user } = renderPage(<MyAccountPage />);

    // product-spec.md §8's text for this read, whatever the server's own words.
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot fetch user data');
    available = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
  });

  describe('a new e-mail address', () => {
    const recentLoginNeeded = () =>
      new ApiError('FIREBASE', 'firebase/auth', 400, 'auth/requires-recent-login', 'Log in again');
    const wrongPassword = () =>
      new ApiError('FIREBASE', 'firebase/auth', 400, 'auth/wrong-password', 'Wrong');

    /** The session's provider wants a recent sign-in before changing the address. */
    async function renderWithRecentLogin() {
      profileApi();
      const view = await renderMyAccount();
      const moved = { ...profile, email: 'augusta@fernhill.example' };
      const updateProfile = jest
        .spyOn(session(), 'updateProfile')
        .mockImplementation(async (_changes, options) => {
          if (!options?.currentPassword) throw recentLoginNeeded();
          if (options.currentPassword !== 'Harbor-lights-7') throw wrongPassword();
          return { user: moved };
        });
      await view.user.clear(view.fields.email());
      await view.user.type(view.fields.email(), 'augusta@fernhill.example');
      return { ...view, updateProfile };
    }

    it('goes through the session, which asks for the password when the provider wants it', async () => {
      const { user, fields, save, updateProfile } = await renderWithRecentLogin();
      await save();

      const dialog = await screen.findByRole('alertdialog', { name: "Confirm it's you" });
      const password = within(dialog).getByLabelText('Your password');
      expect(password).toHaveFocus();
      await user.type(password, 'not-it{Enter}');
      expect(await within(dialog).findByText("That password isn't right.")).toBeInTheDocument();
      expect(password).toHaveFocus();

      await user.clear(password);
      await user.type(password, 'Harbor-lights-7');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

      expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(updateProfile.mock.calls).toEqual([
        [{ email: 'augusta@fernhill.example' }],
        [{ email: 'augusta@fernhill.example' }, { currentPassword: 'not-it' }],
        [{ email: 'augusta@fernhill.example' }, { currentPassword: 'Harbor-lights-7' }],
      ]);
      expect(fields.email()).toHaveValue('augusta@fernhill.example');
    });

    it('saves nothing when the password is not given', async () => {
      const { user, fields, save, updateProfile } = await renderWithRecentLogin();
      await save();

      await screen.findByRole('alertdialog');
      await user.keyboard('{Escape}');

      expect(await screen.findByText('Your changes were not saved.')).toBeInTheDocument();
      expect(updateProfile).toHaveBeenCalledTimes(1);
      expect(fields.email()).toHaveValue('augusta@fernhill.example');
      expect(session().getState().user?.email).toBe('ada@fernhill.example');
    });

    it('says so when the new address waits for the link sent to it', async () => {
      profileApi();
      const { user, fields, save } = await renderMyAccount();
      jest
        .spyOn(session(), 'updateProfile')
        .mockResolvedValue({ user: profile, pendingEmail: 'augusta@fernhill.example' });

      await user.clear(fields.email());
      await user.type(fields.email(), 'augusta@fernhill.example');
      await save();

      expect(
        await screen.findByText(
          'We sent a link to augusta@fernhill.example. Your e-mail address changes when you open it.',
        ),
      ).toBeInTheDocument();
      // Not the account's address until then.
      expect(fields.email()).toHaveValue('ada@fernhill.example');
    });
  });
});
