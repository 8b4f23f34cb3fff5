import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, signIn } from '../browser.js';
import { appAndBrowser } from '../suite.js';
import { picture } from '../pictures.js';

const suite = appAndBrowser();

async function withPage<T>(fn: (page: Page, context: BrowserContext) => Promise<T>, width = 1280, height = 800): Promise<T> {
  const context = await newContext(suite.browser, suite.app.url, width, height);
  const page = await context.newPage();
  try {
    return await fn(page, context);
  } finally {
    await context.close();
  }
}

const form = (page: Page, name: 'Login' | 'Register') => page.getByRole('form', { name });

describe('the /auth screen', () => {
  it('registers, shows the user in the header, signs out, and offers Admin Login again', async () => {
    await withPage(async (page, context) => {
      await page.goto('/auth');
      await page.getByText('Sign in to access your dental marketplace').waitFor();
      await page.getByRole('tab', { name: 'Register' }).click();
      const register = form(page, 'Register');
      assert.equal(await register.getByLabel('Email').getAttribute('type'), 'email');
      await register.getByLabel('Username').fill('dr.browser');
      await register.getByLabel('Email').fill('dr.browser@example.com');
      await register.getByLabel('Full name (optional)').fill('Dr. Browser');
      await register.getByLabel('Practice name').fill('Browser Dental'); // issue 36: required in the form
      await register.getByLabel('Password', { exact: true }).fill('Browser!42');
      await register.getByLabel('Confirm password').fill('Browser!42');
      await register.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Registration successful').waitFor();
      await page.waitForURL(`${suite.app.url}/`);
      await page.getByRole('button', { name: 'Dr. Browser' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Dr. Browser' }).waitFor({ state: 'detached' }); // signed out
      await page.getByRole('link', { name: 'Admin Login' }).waitFor();
      const me = await context.request.get('/api/me');
      assert.equal(me.status(), 401);
    });
  });

  it('shows each validation message under its field, on blur and on submit', async () => {
    await withPage(async (page) => {
      await page.goto('/auth');
      const login = form(page, 'Login');
      await login.getByLabel('Username').fill('ab');
      await login.getByLabel('Password').focus(); // blur the username
      await page.getByText('Username must be at least 3 characters').waitFor();
      await login.getByLabel('Password').fill('12345');
      await login.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Password must be at least 6 characters').waitFor();

      await page.getByRole('button', { name: 'Register' }).click(); // the switch link
      const register = form(page, 'Register');
      await register.getByLabel('Email').fill('not-an-email');
      await register.getByLabel('Password', { exact: true }).fill('secret1');
      await register.getByLabel('Confirm password').fill('secret2');
      await register.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Invalid email address').waitFor();
      await page.getByText("Passwords don't match").waitFor();
      await page.getByText('Username must be at least 3 characters').waitFor();
    });
  });

  it('shows the Login failed toast for a wrong password, and sets login_time after a good login', async () => {
    await withPage(async (page, context) => {
      await page.goto('/auth');
      const login = form(page, 'Login');
      await login.getByLabel('Username').fill('dr.smith');
      await login.getByLabel('Password').fill('not-the-password');
      await login.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Login failed').waitFor();
      await page.getByText('Invalid username or password').waitFor();
      assert.equal((await context.cookies()).some((c) => c.name === 'login_time'), false);

      await login.getByLabel('Password').fill('DentalDemo!2026');
      await login.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Login successful').waitFor();
      await page.waitForURL(`${suite.app.url}/`);
      const cookie = (await context.cookies()).find((c) => c.name === 'login_time');
      assert.ok(cookie, 'login_time is set');
      assert.ok(Math.abs(Number(cookie.value) - Date.now()) < 60_000, 'login_time holds the current timestamp');
      assert.equal(cookie.path, '/');
      assert.ok(cookie.expires > Date.now() / 1000 + 604_800 - 120 && cookie.expires < Date.now() / 1000 + 604_800 + 120, 'max-age 604800');
      await page.getByRole('button', { name: 'Dr. Jane Smith' }).waitFor();
      // already signed in: /auth goes to /
      await page.goto('/auth');
      await page.waitForURL(`${suite.app.url}/`);
    });
  });

  it('hides the side panel on a phone and shows it on a desktop (pictures with E2E_PICTURES)', async () => {
    await withPage(async (page) => {
      await page.goto('/auth');
      await page.getByText('Comprehensive Selection').waitFor();
      assert.equal(await page.getByTestId('auth-side-panel').isVisible(), true);
      await picture(page, 'auth-desktop');
    });
    await withPage(
      async (page) => {
        await page.goto('/auth');
        await page.getByRole('tab', { name: 'Login' }).waitFor();
        assert.equal(await page.getByTestId('auth-side-panel').isVisible(), false);
        await picture(page, 'auth-phone');
      },
      390,
      844,
    );
  });
});

describe('session expiry', () => {
  it('shows Session Expired once and lands on /auth when a session-handled call meets a 401', async () => {
    await withPage(async (page, context) => {
      await signIn(context);
      const logs: string[] = [];
      page.on('console', (message) => logs.push(message.text()));
      await page.goto('/marketplace');
      await page.getByRole('link', { name: 'Admin Panel' }).waitFor();
      // the session ends on the server (another tab signs out)
      assert.equal((await context.request.post('/api/logout', { headers: { Origin: suite.app.url } })).status(), 200);
      await page.getByRole('link', { name: 'Admin Panel' }).click();
      await page.waitForURL(`${suite.app.url}/auth`);
      await page.getByText('Your session has expired. Please log in again.').waitFor();
      assert.equal(await page.getByText('Session Expired').count(), 1);
      assert.ok(logs.includes('Session expired, redirecting to auth page'));
      await page.getByRole('link', { name: 'Admin Login' }).waitFor();
    });
  });
});
