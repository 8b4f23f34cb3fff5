import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config/app-config.js';

describe('AI configuration', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-ai-config-'));
  const load = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(20), ...env }).ai;
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is off without keys or URLs, with the documented defaults', () => {
    expect(load({ GEMINI_API_KEY: '', OPENAI_BASE_URL: ' ' })).toEqual({ provider: null, timeoutMs: 30_000, batchConcurrency: 3 });
  });

  it('picks Gemini when its key is set, else the OpenAI-compatible server; AI_PROVIDER decides when both are', () => {
    expect(load({ GEMINI_API_KEY: 'g' }).provider).toEqual({ name: 'gemini', apiKey: 'g', model: 'gemini-2.5-flash', baseUrl: undefined });
    expect(load({ OPENAI_BASE_URL: 'http://localhost:11434/v1' }).provider).toEqual({
      name: 'openai',
      apiKey: 'not-needed',
      model: 'gpt-4o-mini',
      baseUrl: 'http://localhost:11434/v1',
    });
    expect(load({ OPENAI_API_KEY: 'sk', OPENAI_MODEL: 'gpt-4.1' }).provider).toMatchObject({ name: 'openai', apiKey: 'sk', model: 'gpt-4.1', baseUrl: undefined });
    const both = { GEMINI_API_KEY: 'g', OPENAI_API_KEY: 'sk' };
    expect(load(both).provider?.name).toBe('gemini');
    expect(load({ ...both, AI_PROVIDER: 'openai' }).provider?.name).toBe('openai');
    expect(load({ AI_TIMEOUT_MS: '1500', AI_BATCH_CONCURRENCY: '5' })).toMatchObject({ timeoutMs: 1500, batchConcurrency: 5 });
  });

  it('refuses to boot with a provider named but not configured, or bad values', () => {
    expect(() => load({ AI_PROVIDER: 'gemini', OPENAI_API_KEY: 'sk' })).toThrow('AI_PROVIDER is gemini but GEMINI_API_KEY is not set');
    expect(() => load({ AI_PROVIDER: 'openai' })).toThrow(ConfigError);
    expect(() => load({ AI_PROVIDER: 'claude' })).toThrow('AI_PROVIDER must be gemini or openai');
    expect(() => load({ AI_TIMEOUT_MS: '10' })).toThrow('AI_TIMEOUT_MS must be a whole number of milliseconds between 100 and 300000');
    expect(() => load({ AI_BATCH_CONCURRENCY: '0' })).toThrow('AI_BATCH_CONCURRENCY must be a whole number between 1 and 20');
    expect(() => load({ OPENAI_BASE_URL: 'localhost:11434' })).toThrow('OPENAI_BASE_URL must be an http:// or https:// URL');
  });
});
