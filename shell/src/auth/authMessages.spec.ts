import { loginFailure, serverMessage } from './authMessages.js';
import { loginSchema, registerSchema } from './authSchemas.js';

describe('SPEC §8 login failure descriptions', () => {
  it.each([
    [{ status: 401, data: { message: 'Invalid username or password' } }, 'Invalid username or password'],
    [{ status: 429, data: { message: 'Too many failed login attempts; try again in 4 seconds' } }, 'Too many failed login attempts; try again in 4 seconds'],
    [{ status: 400, data: { message: ['Username must be at least 3 characters'] } }, 'Username must be at least 3 characters'],
    [{ status: 503, data: '' }, 'Login failed (503). Please try again.'],
    [{ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'An unexpected error occurred during login'],
    [new Error('boom'), 'An unexpected error occurred during login'],
  ])('%j → %s', (error, description) => {
    expect(loginFailure(error)).toBe(description);
  });

  it('reads no message from an empty body', () => {
    expect(serverMessage({ status: 500, data: {} })).toBeUndefined();
  });
});

describe('SPEC §5 auth form rules', () => {
  it('login: username at least 3, password at least 6, with the spec messages', async () => {
    await expect(loginSchema.validate({ username: 'ab', password: '123456' })).rejects.toThrow('Username must be at least 3 characters');
    await expect(loginSchema.validate({ username: 'abc', password: '12345' })).rejects.toThrow('Password must be at least 6 characters');
    await expect(loginSchema.validate({ username: 'abc', password: '123456' })).resolves.toBeTruthy();
  });

  it("register: confirm_password must equal password ('Passwords don't match')", async () => {
    const base = { username: 'dr.new', email: 'dr.new@example.com', full_name: '', practice_name: 'Harbour Dental', password: 'secret1' };
    await expect(registerSchema.validate({ ...base, confirm_password: 'secret2' })).rejects.toThrow("Passwords don't match");
    await expect(registerSchema.validate({ ...base, confirm_password: 'secret1' })).resolves.toBeTruthy();
  });

  it('register: the practice name is required (issue 36) and at most 200 characters', async () => {
    const base = { username: 'dr.new', email: 'dr.new@example.com', full_name: '', password: 'secret1', confirm_password: 'secret1' };
    await expect(registerSchema.validateAt('practice_name', { ...base, practice_name: '  ' })).rejects.toThrow('Practice name is required');
    await expect(registerSchema.validateAt('practice_name', { ...base, practice_name: 'x'.repeat(201) })).rejects.toThrow('Practice name must be at most 200 characters');
    await expect(registerSchema.validateAt('practice_name', { ...base, practice_name: 'Harbour Dental' })).resolves.toBe('Harbour Dental');
  });

  it('register: an empty confirmation asks for it, even with the password empty too (issue 32)', async () => {
    const base = { username: 'dr.new', email: 'dr.new@example.com', full_name: '' };
    await expect(registerSchema.validateAt('confirm_password', { ...base, password: '', confirm_password: '' })).rejects.toThrow('Please confirm your password');
    await expect(registerSchema.validateAt('confirm_password', { ...base, password: 'secret1', confirm_password: '' })).rejects.toThrow('Please confirm your password');
  });
});
