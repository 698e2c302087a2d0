import { frameTag } from '../frame-messages';
import { connectParent } from './parent-channel';

const pageOrigin = 'https://shop.example';

/** A window framed by this test's page, as the chat window is framed by the loader's page. */
function framedWindow(): Window {
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  return iframe.contentWindow!;
}

function handlers() {
  return { identify: jest.fn(), setLocale: jest.fn(), visibility: jest.fn() };
}

describe('the window’s side of the loader channel', () => {
  it('reads only tagged messages from its parent on the origin the loader named', () => {
    const win = framedWindow();
    const on = handlers();
    const channel = connectParent(win, pageOrigin, on);
    expect(channel.framed).toBe(true);
    const send = (data: unknown, origin = pageOrigin, source: Window | null = win.parent) =>
      win.dispatchEvent(new MessageEvent('message', { data, origin, source }));

    send(
      { tag: frameTag, type: 'identify', identity: { firstName: 'Ada' } },
      'https://evil.example',
    );
    send({ tag: frameTag, type: 'identify', identity: { firstName: 'Ada' } }, pageOrigin, win);
    send({ type: 'identify', identity: { firstName: 'Ada' } });
    expect(on.identify).not.toHaveBeenCalled();

    send({ tag: frameTag, type: 'identify', identity: { firstName: 'Ada' } });
    send({ tag: frameTag, type: 'set-locale', locale: 'en-US' });
    send({ tag: frameTag, type: 'visibility', open: true });
    expect(on.identify).toHaveBeenCalledWith({ firstName: 'Ada' });
    expect(on.setLocale).toHaveBeenCalledWith('en-US');
    expect(on.visibility).toHaveBeenCalledWith(true);
  });

  it('posts only to the named origin', () => {
    const win = framedWindow();
    const post = jest.spyOn(win.parent, 'postMessage').mockImplementation(() => undefined);
    connectParent(win, pageOrigin, handlers()).post({ type: 'close' });
    expect(post).toHaveBeenCalledWith({ type: 'close', tag: frameTag }, pageOrigin);
    post.mockRestore();
  });

  it('stays silent opened on its own, or when the page has no http(s) origin', () => {
    const post = jest.spyOn(window, 'postMessage').mockImplementation(() => undefined);
    const alone = connectParent(window, pageOrigin, handlers());
    expect(alone.framed).toBe(false);
    alone.post({ type: 'ready' });
    const fromFile = connectParent(framedWindow(), 'null', handlers());
    expect(fromFile.framed).toBe(false);
    fromFile.post({ type: 'ready' });
    expect(post).not.toHaveBeenCalled();
    post.mockRestore();
  });
});
