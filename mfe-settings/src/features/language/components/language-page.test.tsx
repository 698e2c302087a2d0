import { screen } from '@testing-library/react';
import { session, type User } from 'shared-sdk';
import { errorReply, fakeApi, notFoundReply } from '@testing/fake-api';
import { buildUser } from '@testing/data-generators';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { LanguagePage } from './language-page';
import { readLocaleCookie } from '../utils/locale-cookie';

function profileApi(reply: (body: Partial<User>) => { status: number; body?: unknown }) {
  return fakeApi((request) =>
    request.method === 'PATCH' && request.url === '/api/user/profile'
      ? reply(request.body as Partial<User>)
      : notFoundReply(request),
  );
}

async function renderLanguagePage() {
  // A language saved before en-US was the only one: the page offers what exists.
  await signIn({ preferredLanguage: 'en' });
  const view = renderPage(<LanguagePage />, { route: '/dashboard/my-account/language' });
  const save = () => view.user.click(screen.getByRole('button', { name: 'Save language' }));
  return { ...view, save };
}

describe('Language page', () => {
  let cookieWrites: jest.SpyInstance;

  beforeEach(() => {
    document.cookie = 'parley_locale=; max-age=0; path=/';
    cookieWrites = jest.spyOn(document, 'cookie', 'set');
  });

  afterEach(() => cookieWrites.mockRestore());

  it('offers the languages that exist as a labelled choice', async () => {
    profileApi(() => ({ status: 200, body: buildUser() }));
    await renderLanguagePage();

    expect(screen.getByRole('heading', { level: 1, name: 'Language' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Preferred language' });
    expect(group).toHaveAccessibleDescription(/English is the only language for now/);
    expect(screen.getByRole('radio', { name: 'English (United States)' })).toBeChecked();
    expect(document.title).toBe('Language · Parley');
  });

  it('saves the language on the user and in the locale cookie for 365 days', async () => {
    const { requests } = profileApi((body) => ({
      status: 200,
      body: buildUser({ ...body }),
    }));
    const { save } = await renderLanguagePage();

    await save();

    expect(
      await screen.findByText('Saved. Parley uses English (United States).'),
    ).toBeInTheDocument();
    expect(requests).toEqual([
      { method: 'PATCH', url: '/api/user/profile', body: { preferredLanguage: 'en-US' } },
    ]);
    expect(session().getState().user?.preferredLanguage).toBe('en-US');
    expect(cookieWrites).toHaveBeenCalledWith(
      'parley_locale=en-US; max-age=31536000; path=/; samesite=lax',
    );
    expect(readLocaleCookie()).toBe('en-US');
  });

  it('keeps the cookie as it was and says why when saving fails', async () => {
    profileApi(() => errorReply(503, 'unavailable', 'Cannot update user data'));
    const { save } = await renderLanguagePage();

    await save();

    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot update user data');
    expect(cookieWrites).not.toHaveBeenCalled();
    expect(readLocaleCookie()).toBeUndefined();
    expect(session().getState().user?.preferredLanguage).toBe('en');
  });
});
