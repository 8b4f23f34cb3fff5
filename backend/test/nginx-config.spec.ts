/**
 * The nginx images' caching (deploy/nginx, read as nginx reads them): every file a build writes is
 * matched to its location by nginx's rules (an exact `=` location, else the first matching regex,
 * else the longest prefix) and must carry the right Cache-Control. Files with a fixed name (the
 * manifests, remoteEntry.js, the shell's index.html and main.js) are revalidated every time: a browser
 * that kept one would keep loading an old release. Content-hashed files are immutable for a year.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config/app-config.js';

interface Location {
  modifier: '=' | '~' | '';
  pattern: string;
  body: string;
}

/** The `location` blocks of a server block, in order (one level of braces, as these files have). */
function locations(file: string): Location[] {
  const text = fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'nginx', file), 'utf8').replace(/#.*$/gm, '');
  return [...text.matchAll(/location\s+(=|~)?\s*("[^"]+"|\S+)\s*\{([^}]*)\}/g)].map(([, modifier, pattern, body]) => ({
    modifier: (modifier ?? '') as Location['modifier'],
    pattern: pattern!.replace(/^"|"$/g, ''),
    body: body!,
  }));
}

/** The location nginx picks for `uri`: exact, then the first regex, then the longest prefix. */
function locationFor(all: Location[], uri: string): Location | undefined {
  const exact = all.find((l) => l.modifier === '=' && l.pattern === uri);
  if (exact) return exact;
  const regex = all.find((l) => l.modifier === '~' && new RegExp(l.pattern).test(uri));
  if (regex) return regex;
  return all.filter((l) => l.modifier === '' && uri.startsWith(l.pattern)).sort((a, b) => b.pattern.length - a.pattern.length)[0];
}

const cacheControl = (location: Location | undefined) => /add_header\s+Cache-Control\s+"([^"]+)"/.exec(location?.body ?? '')?.[1];

/** Every file a build serves (compressed twins are sent for their original's URI; maps are refused). */
function served(dist: string, dir = ''): string[] {
  return fs.readdirSync(path.join(dist, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return served(dist, rel);
    return /\.(gz|br|map)$/.test(entry.name) ? [] : [`/${rel}`];
  });
}

/** A name that changes with the content: a hex hash of 8 or more digits between dots. */
const hashed = (uri: string) => /\.[0-9a-f]{8,}\./.test(path.posix.basename(uri));

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe.each([
  ['shell.conf', 'shell'],
  ['remote.conf', 'storefront-mfe'],
  ['remote.conf', 'checkout-mfe'],
  ['remote.conf', 'admin-mfe'],
])('deploy/nginx/%s serving %s/dist', (conf, project) => {
  const dist = path.join(REPO_ROOT, project, 'dist');
  const all = locations(conf);
  const files = served(dist).filter((uri) => !(conf === 'shell.conf' && uri.startsWith('/server/')));

  it('revalidates every file with a fixed name, so a new release is seen at once', () => {
    const fixed = files.filter((uri) => !hashed(uri));
    expect(fixed).toEqual(expect.arrayContaining(['/mf-manifest.json']));
    expect(fixed.filter((uri) => cacheControl(locationFor(all, uri)) !== 'no-cache')).toEqual([]);
  });

  it('keeps every content-hashed file for a year, unchanged', () => {
    const immutable = files.filter(hashed);
    expect(immutable.length).toBeGreaterThan(5);
    expect(immutable.filter((uri) => cacheControl(locationFor(all, uri)) !== IMMUTABLE)).toEqual([]);
  });

  it('refuses source maps', () => {
    expect(locationFor(all, '/main.3f2a9c1b0d.js.map')?.body).toMatch(/return 404/);
  });
});
