import fallbackPlugin from './fallback';
import { isRemoteFailure } from './remote-failure';

type Hook = (args: { id: string; error: unknown; lifecycle: string }) => unknown;

describe('fallback runtime plugin', () => {
  const errorLoadRemote = fallbackPlugin().errorLoadRemote as unknown as Hook;
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

  it('turns a failed module load into a failure marker', () => {
    const result = errorLoadRemote({
      id: 'mfe_marketing/pricing-page',
      error: new Error('ScriptExternalLoadError'),
      lifecycle: 'onLoad',
    });
    expect(isRemoteFailure(result)).toBe(true);
    expect(result).toMatchObject({
      __parleyRemoteFailure: {
        id: 'mfe_marketing/pricing-page',
        message: 'ScriptExternalLoadError',
      },
    });
  });

  it('leaves other lifecycles to the runtime', () => {
    expect(
      errorLoadRemote({ id: 'x', error: new Error('e'), lifecycle: 'afterResolve' }),
    ).toBeUndefined();
    expect(
      errorLoadRemote({ id: 'x', error: new Error('e'), lifecycle: 'beforeRequest' }),
    ).toBeUndefined();
  });
});
