import { createSlice } from '@reduxjs/toolkit';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteFailureKey } from '../../runtime-plugins/remote-failure';
import { makeStore } from '../../store/store';
import {
  federationName,
  loadRemotePage,
  registerRemoteManifests,
  resetRemote,
} from './remote-loader';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));
const mockedLoadRemote = loadRemote as jest.Mock;
const mockedRegisterRemotes = registerRemotes as jest.Mock;

const Page = () => null;

describe('remote loader', () => {
  beforeEach(() => jest.clearAllMocks());

  it('registers each remote from the runtime manifest under its federation name', () => {
    registerRemoteManifests({ 'mfe-tickets': '/remotes/mfe-tickets/mf-manifest.json' });
    expect(mockedRegisterRemotes).toHaveBeenCalledWith(
      expect.arrayContaining([
        { name: 'mfe_tickets', entry: 'http://localhost/remotes/mfe-tickets/mf-manifest.json' },
      ]),
    );
    resetRemote('mfe-tickets');
    expect(mockedRegisterRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mfe_tickets', entry: 'http://localhost/remotes/mfe-tickets/mf-manifest.json' }],
      { force: true },
    );
    expect(federationName('mfe-settings')).toBe('mfe_settings');
  });

  it('loads the page and injects the slice the remote exposes with it', async () => {
    const tickets = createSlice({
      name: 'tickets',
      initialState: { filter: 'open' },
      reducers: {},
    });
    mockedLoadRemote.mockResolvedValue({ default: Page, slice: tickets });
    const page = await loadRemotePage({ remote: 'mfe-tickets', module: './tickets-page' });
    expect(mockedLoadRemote).toHaveBeenCalledWith('mfe_tickets/tickets-page');
    expect(page).toBe(Page);
    expect(makeStore().getState()).toMatchObject({ tickets: { filter: 'open' } });
  });

  it('reads the manifest afresh once when a page fails to load (its build replaced)', async () => {
    registerRemoteManifests({ 'mfe-chat': '/remotes/mfe-chat/mf-manifest.json' });
    mockedRegisterRemotes.mockClear();
    mockedLoadRemote
      .mockRejectedValueOnce(new Error('Loading chunk 512 failed'))
      .mockResolvedValueOnce({ default: Page });
    await expect(loadRemotePage({ remote: 'mfe-chat', module: './chat-page' })).resolves.toBe(Page);
    expect(mockedRegisterRemotes).toHaveBeenCalledTimes(1);
    expect(mockedRegisterRemotes).toHaveBeenCalledWith(
      [{ name: 'mfe_chat', entry: 'http://localhost/remotes/mfe-chat/mf-manifest.json' }],
      { force: true },
    );
  });

  it('passes a failure marker through after that one fresh try', async () => {
    const failure = { [remoteFailureKey]: { id: 'x', message: 'down' } };
    mockedLoadRemote.mockResolvedValueOnce(failure).mockResolvedValueOnce(failure);
    await expect(loadRemotePage({ remote: 'mfe-chat', module: './chat-page' })).resolves.toBe(
      failure,
    );
    expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
  });

  it('refuses a module without a page', async () => {
    mockedLoadRemote.mockResolvedValueOnce({});
    await expect(loadRemotePage({ remote: 'mfe-chat', module: './chat-page' })).rejects.toThrow(
      'mfe_chat/chat-page has no default export',
    );
  });
});
