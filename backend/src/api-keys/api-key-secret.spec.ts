import { checksumOf, displayPrefix, newSecret, secretHash, secretProblem } from './api-key-secret.js';

describe('API key secrets', () => {
  it('look like dm_sk_<32 base62>_<6 base62>, different every time, with a checksum that holds', () => {
    const secrets = Array.from({ length: 200 }, () => newSecret());
    for (const secret of secrets) {
      expect(secret).toMatch(/^dm_sk_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
      expect(secretProblem(secret)).toBeNull();
    }
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it('use every base62 character of the random part about equally (no modulo bias toward the first ones)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) for (const c of newSecret().slice(6, 38)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 64,000 characters: about 1,032 each; a byte % 62 without rejection would give the first eight ~1.6 times as many
    expect(Math.max(...counts.values()) / Math.min(...counts.values())).toBeLessThan(1.3);
  });

  it('refuse a mistyped character, a swap, a cut and a foreign shape by their checksum or shape alone', () => {
    const secret = newSecret();
    const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'a' ? 'b' : 'a') + s.slice(at + 1);
    expect(secretProblem(flip(secret, 10))).toMatch(/checksum does not match/);
    expect(secretProblem(flip(secret, secret.length - 1))).toMatch(/checksum does not match/);
    const swapped = secret.slice(0, 8) + secret[9] + secret[8] + secret.slice(10);
    if (swapped !== secret) expect(secretProblem(swapped)).toMatch(/checksum does not match/);
    for (const bad of [secret.slice(0, -1), `${secret}x`, secret.replace('dm_sk_', 'dm_pk_'), '', 'Bearer', secret.replace(/_([^_]+)$/, '-$1')]) {
      expect(secretProblem(bad)).toMatch(/malformed/);
    }
  });

  it('checksum is CRC32 in six zero-padded base62 characters', () => {
    // CRC32('') is 0; CRC32('a') is 0xe8b7be43 = 3904355907
    expect(checksumOf('')).toBe('000000');
    expect(checksumOf('a')).toBe('4GEHKN');
  });

  it('are stored as a SHA-256 hex digest and shown by their first 14 characters', () => {
    const secret = newSecret();
    expect(secretHash(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(secretHash(secret)).not.toBe(secretHash(newSecret()));
    expect(displayPrefix(secret)).toBe(secret.slice(0, 14));
    expect(displayPrefix(secret)).toMatch(/^dm_sk_[0-9A-Za-z]{8}$/);
  });
});
