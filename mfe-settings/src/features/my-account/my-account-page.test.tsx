import { screen, within } from '@testing-library/react';
import { session, type User } from 'shared-sdk';
import {
  errorReply,
  fakeApi,
  notFoundReply,
  type FakeReply,
  type FakeRequest,
} from '../../testing/fake-api';
import { buildUser } from '../../testing/fixtures';
import { renderPage } from '../../testing/render-page';
import { signIn } from '../../testing/sign-in';
import { MyAccountPage } from './my-account-page';

const profile = buildUser();

/** The profile API: GET answers `profile`; PATCH answers `patch`, by default the merged user. */
function profileApi(patch?: (body: Partial<User>) => FakeReply) {
  return fakeApi((request) => {
    if (request.url !== '/api/user/profile') return notFoundReply(request);
    if (request.method === 'GET') return { status: 200, body: profile };
    const body = request.body as Partial<User>;
    return patch ? patch(body) : { status: 200, body: { ...profile, ...body } };
  });
}

async function renderMyAccount() {
  await signIn();
  const view = renderPage(<MyAccountPage />, { route: '/dashboard/my-account' });
  const fields = {
    firstName: () => screen.getByLabelText('First name'),
    lastName: () => screen.getByLabelText('Last name'),
    email: () => screen.getByLabelText('E-mail address'),
    website: () => screen.getByLabelText(/^Website/),
    countryCode: () => screen.getByLabelText(/^Country code/),
    phoneNumber: () => screen.getByLabelText(/^Phone number/),
    photoUrl: () => screen.getByLabelText(/^Photo URL/),
  };
  await screen.findByRole('button', { name: 'Save changes' });
  const save = () => view.user.click(screen.getByRole('button', { name: 'Save changes' }));
  return { ...view, fields, save };
}

const patches = (requests: FakeRequest[]) =>
  requests.filter((request) => request.method === 'PATCH');

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
    expect(fields.photoUrl()).toHaveValue('');
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

  it('shows other server errors in an alert and keeps what was typed', async () => {
    profileApi(() => errorReply(503, 'unavailable', 'Cannot update user data'));
    const { user, fields, save } = await renderMyAccount();

    await user.type(fields.phoneNumber(), ' 12');
    await save();

    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot update user data');
    expect(fields.phoneNumber()).toHaveValue('+44 20 7946 0000 12');
  });

  it('previews the photo URL, with the initials when there is no photo', async () => {
    profileApi();
    const { user, fields } = await renderMyAccount();
    const avatar = () => screen.getByTestId('user-avatar');

    expect(avatar()).toHaveTextContent('AL');
    expect(within(avatar()).queryByRole('presentation')).not.toBeInTheDocument();

    await user.type(fields.photoUrl(), 'https://cdn.fernhill.example/ada.jpg');
    expect(avatar().querySelector('img')).toHaveAttribute(
      'src',
      'https://cdn.fernhill.example/ada.jpg',
    );
    expect(avatar()).not.toHaveTextContent('AL');
  });

  it('offers to try again when the profile cannot be loaded', async () => {
    let available = false;
    fakeApi(() =>
      available
        ? { status: 200, body: profile }
        : errorReply(503, 'unavailable', 'Cannot fetch user data'),
    );
    await signIn();
    const { user } = renderPage(<MyAccountPage />);

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your profile.");
    available = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
  });
});
