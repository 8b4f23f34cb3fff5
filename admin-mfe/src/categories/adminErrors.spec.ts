import { ADMIN_SESSION_EXPIRED, adminErrorMessage } from './adminErrors.js';

describe('adminErrorMessage (SPEC §8 Categories: the {message} of the error toasts)', () => {
  it("reads the server's JSON message", () => {
    const error = { status: 409, data: { statusCode: 409, message: 'Category has 3 products', error: 'Conflict' } };
    expect(adminErrorMessage(error, 'fallback')).toBe('Category has 3 products');
  });

  it('joins a list of validation messages with ", "', () => {
    const error = { status: 400, data: { statusCode: 400, message: ['name should not be empty', 'icon must be a string'], error: 'Bad Request' } };
    expect(adminErrorMessage(error, 'fallback')).toBe('name should not be empty, icon must be a string');
  });

  it('replaces a 401 with the session-expired text, whatever the body says', () => {
    expect(adminErrorMessage({ status: 401, data: { statusCode: 401, message: 'Unauthorized' } }, 'fallback')).toBe(ADMIN_SESSION_EXPIRED);
    expect(ADMIN_SESSION_EXPIRED).toBe('Your session has expired. Please log in again.');
  });

  it('gives the error text of a request that got no answer', () => {
    expect(adminErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'fallback')).toBe('TypeError: Failed to fetch');
  });

  it('gives "status: body" for a JSON body without a message and for a non-JSON body', () => {
    expect(adminErrorMessage({ status: 500, data: { statusCode: 500 } }, 'fallback')).toBe('500: {"statusCode":500}');
    expect(adminErrorMessage({ status: 502, data: '' }, 'fallback')).toBe('502: Bad Gateway');
    const parsing = { status: 'PARSING_ERROR', originalStatus: 502, data: 'Bad gateway from proxy', error: 'SyntaxError: Unexpected token' };
    expect(adminErrorMessage(parsing, 'fallback')).toBe('502: Bad gateway from proxy');
    expect(adminErrorMessage({ status: 'PARSING_ERROR', originalStatus: 401, data: 'nope' }, 'fallback')).toBe(ADMIN_SESSION_EXPIRED);
  });

  it("uses an Error's or serialized error's message, and the fallback when there is nothing to say", () => {
    expect(adminErrorMessage(new Error('boom'), 'fallback')).toBe('boom');
    expect(adminErrorMessage({ name: 'Error', message: 'thrown in a hook' }, 'fallback')).toBe('thrown in a hook');
    expect(adminErrorMessage('plain text', 'fallback')).toBe('plain text');
    expect(adminErrorMessage(undefined, 'fallback')).toBe('fallback');
    expect(adminErrorMessage({}, 'fallback')).toBe('fallback');
    expect(adminErrorMessage({ status: 409, data: { message: [] } }, 'fallback')).toBe('409: {"message":[]}');
  });
});
