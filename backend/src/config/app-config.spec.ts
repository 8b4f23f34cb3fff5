import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT, startConfig } from './app-config.js';

describe('loadConfig', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-config-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('applies the documented defaults; empty strings count as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', PORT: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.nodeEnv).toBe('development');
    expect(config.frontendDistRoot).toBe(REPO_ROOT);
    expect(config.remotes.storefront).toBe('/remotes/storefront/mf-manifest.json');
  });

  it("hashes passwords with argon2id's 64 MiB by default, and new hashes carry the setting", async () => {
    expect(loadConfig({ DATA_DIR: dataDir }).passwordHashMemoryKib).toBe(65_536);
    expect(loadConfig({ DATA_DIR: dataDir, PASSWORD_HASH_MEMORY_KIB: '1024' }).passwordHashMemoryKib).toBe(1024);
    for (const bad of ['512', '1.5', 'lots', '2000000']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, PASSWORD_HASH_MEMORY_KIB: bad })).toThrow('PASSWORD_HASH_MEMORY_KIB must be a whole number of KiB between 1024 and 1048576');
    }
    const { hashPassword, setPasswordHashMemory } = await import('../auth/users.service.js');
    const argon2 = (await import('argon2')).default;
    try {
      setPasswordHashMemory(65_536);
      const strong = await hashPassword('Secret!4242');
      expect(strong).toMatch(/^\$argon2id\$v=19\$m=65536,/);
      setPasswordHashMemory(1024);
      const cheap = await hashPassword('Secret!4242');
      expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,/);
      // a hash made at one cost verifies after the setting changed
      expect(await argon2.verify(strong, 'Secret!4242')).toBe(true);
      expect(await argon2.verify(cheap, 'wrong')).toBe(false);
    } finally {
      setPasswordHashMemory(65_536);
    }
  });

  it('resolves a relative DATA_DIR against the repository root', () => {
    const config = loadConfig({ DATA_DIR: path.relative(REPO_ROOT, dataDir) });
    expect(config.dataDir).toBe(dataDir);
  });

  it('loads without writing anything: the session secret is made by the first start, then read', () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-config-start-'));
    try {
      expect(loadConfig({ DATA_DIR: fresh }).sessionSecret).toBe('');
      expect(fs.readdirSync(fresh)).toEqual([]);
      const first = startConfig({ DATA_DIR: fresh }).sessionSecret;
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(fs.readdirSync(fresh)).toEqual(['session-secret']);
      expect(startConfig({ DATA_DIR: fresh }).sessionSecret).toBe(first);
      expect(loadConfig({ DATA_DIR: fresh }).sessionSecret).toBe(first);
      expect(startConfig({ DATA_DIR: fresh, SESSION_SECRET: 'x'.repeat(20) }).sessionSecret).toBe('x'.repeat(20));
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('an empty DATA_DIR is the default one, not the repository root', () => {
    expect(loadConfig({ DATA_DIR: '' }).dataDir).toBe(path.join(REPO_ROOT, 'data'));
  });

  it('sizes the catalogue response cache in megabytes: 64 by default, 0 turns it off, anything else is refused', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).catalogueCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ DATA_DIR: dataDir, CATALOGUE_CACHE_MB: '0' }).catalogueCacheBytes).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, CATALOGUE_CACHE_MB: '256' }).catalogueCacheBytes).toBe(256 * 1024 * 1024);
    for (const bad of ['-1', '1.5', 'lots', '5000']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, CATALOGUE_CACHE_MB: bad })).toThrow(
        'CATALOGUE_CACHE_MB must be a whole number of megabytes between 0 (off) and 4096',
      );
    }
  });

  it('renders the shopper pages on the server unless told not to, waiting 300 ms for a remote by default; remotes reached from the server default to the browser URLs', () => {
    const config = loadConfig({ DATA_DIR: dataDir, REMOTE_STOREFRONT_URL: 'http://localhost:3101/mf-manifest.json' });
    expect(config.serverRendering).toBe(true);
    expect(config.remoteRenderBudgetMs).toBe(300);
    expect(config.remotesFromServer.storefront).toBe('http://localhost:3101/mf-manifest.json');
    expect(config.remotesFromServer.checkout).toBe('/remotes/checkout/mf-manifest.json');
    const inside = loadConfig({ DATA_DIR: dataDir, REMOTE_STOREFRONT_URL: 'http://localhost:3101/mf-manifest.json', REMOTE_STOREFRONT_SERVER_URL: 'http://storefront/mf-manifest.json' });
    expect(inside.remotes.storefront).toBe('http://localhost:3101/mf-manifest.json');
    expect(inside.remotesFromServer.storefront).toBe('http://storefront/mf-manifest.json');
    expect(loadConfig({ DATA_DIR: dataDir, SERVER_RENDERING: 'OFF', REMOTE_RENDER_BUDGET_MS: '0' })).toMatchObject({ serverRendering: false, remoteRenderBudgetMs: 0 });
    expect(() => loadConfig({ DATA_DIR: dataDir, SERVER_RENDERING: 'maybe' })).toThrow('SERVER_RENDERING must be on or off');
    for (const bad of ['-1', '2.5', 'soon', '10001']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, REMOTE_RENDER_BUDGET_MS: bad })).toThrow('REMOTE_RENDER_BUDGET_MS must be a whole number of milliseconds between 0 and 10000');
    }
  });

  it('renders in one thread fewer than the cores (at least one) unless told how many', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).renderThreads).toBe(Math.max(1, os.availableParallelism() - 1));
    expect(loadConfig({ DATA_DIR: dataDir, RENDER_THREADS: '3' }).renderThreads).toBe(3);
    for (const bad of ['0', '33', '1.5', 'many']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, RENDER_THREADS: bad })).toThrow('RENDER_THREADS must be a whole number between 1 and 32');
    }
  });

  it('keeps webhooks off private addresses, retrying for three days, unless told otherwise (the window in seconds wins over hours)', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).webhooks).toEqual({ allowPrivate: false, timeoutSeconds: 10, retryDelaySeconds: 5, retryDelayMaxSeconds: 3600, retryWindowSeconds: 72 * 3600, retentionDays: 30 });
    expect(loadConfig({ DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_HOURS: '24' }).webhooks).toMatchObject({ allowPrivate: true, retryWindowSeconds: 86_400 });
    expect(loadConfig({ DATA_DIR: dataDir, WEBHOOK_RETRY_HOURS: '24', WEBHOOK_RETRY_WINDOW_SECONDS: '5' }).webhooks.retryWindowSeconds).toBe(5);
    expect(() => loadConfig({ DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow('WEBHOOK_ALLOW_PRIVATE must be true or false');
    expect(() => loadConfig({ DATA_DIR: dataDir, WEBHOOK_TIMEOUT_SECONDS: '0' })).toThrow('WEBHOOK_TIMEOUT_SECONDS must be a whole number of seconds between 1 and 60');
    expect(() => loadConfig({ DATA_DIR: dataDir, WEBHOOK_RETRY_HOURS: '1.5' })).toThrow('WEBHOOK_RETRY_HOURS must be a whole number of hours between 1 and 720');
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' })).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: dataDir, PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT must be an integer between 0 and 65535');
      expect(message).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
      expect(message).toContain('NODE_ENV must be one of development, production, test');
    }
  });
});
