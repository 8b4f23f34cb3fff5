import { withHttps } from './links.js';

describe('withHttps (SPEC §2, §5)', () => {
  it('prefixes https:// to partner links without a scheme', () => {
    expect(withHttps('partners.example/x')).toBe('https://partners.example/x');
    expect(withHttps('http://a.example')).toBe('http://a.example');
    expect(withHttps('HTTPS://a.example')).toBe('HTTPS://a.example');
  });
});
