import { ApiError } from 'shared-sdk';
import { initI18n } from 'shared-ui';
import { apiErrorMessage } from './api-error-message';

describe('apiErrorMessage', () => {
  const t = initI18n().getFixedT('en-US', 'common');
  const failed = (status: number, code: string, message: string) =>
    new ApiError('POST', '/api/user/products-import', status, code, message);

  it("shows the error catalogue's text for a code it has", () => {
    expect(
      apiErrorMessage(t, failed(409, 'products/import-under-way', 'Server words'), 'Unexpected'),
    ).toBe(
      "Another import of this workspace's products is under way. Import this file once it has finished.",
    );
  });

  it("shows the API's own message for a code the catalogue has not, else the fallback", () => {
    expect(apiErrorMessage(t, failed(400, 'invalid-argument', 'Row 3: price'), 'Unexpected')).toBe(
      'Row 3: price',
    );
    expect(apiErrorMessage(t, failed(400, 'invalid-argument', ''), 'Unexpected')).toBe(
      'Unexpected',
    );
    expect(apiErrorMessage(t, new Error('boom'), 'Unexpected')).toBe('Unexpected');
    // A SKU written like a template stays as it is.
    expect(apiErrorMessage(t, failed(400, 'invalid-argument', 'SKU {{a}} twice'), 'x')).toBe(
      'SKU {{a}} twice',
    );
  });

  it('translates auth errors and a call that never reached the server', () => {
    expect(apiErrorMessage(t, failed(401, 'auth/user-token-expired', 'x'), 'Unexpected')).toBe(
      'Your session has expired. Please log in again.',
    );
    expect(apiErrorMessage(t, failed(0, 'unavailable', ''), 'Unexpected')).toBe(
      "We couldn't reach Parley. Check your connection and try again.",
    );
  });
});
