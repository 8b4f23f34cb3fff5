#!/usr/bin/env node
// Adds the lock entries that npm leaves out when the registry it resolves against serves only some
// platforms' optional binaries (npm drops an optional dependency whose metadata it cannot fetch,
// and `npm ci` then refuses the lock: "Missing: @swc/core-darwin-arm64 from lock file").
// Each added entry is the exact version its parent pins, marked optional, with the os/cpu/libc
// that its name states, so npm skips it on every other platform without fetching anything.
// Run after `npm install` changes the lock: `node scripts/complete-lockfile.mjs`.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const OS = { darwin: 'darwin', linux: 'linux', win32: 'win32', windows: 'win32', freebsd: 'freebsd', android: 'android', openharmony: 'openharmony' };
const CPU = ['x64', 'arm64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.map((p) => OS[p]).find(Boolean);
  const cpu = parts.find((p) => CPU.includes(p)) ?? (parts.includes('gnueabihf') ? 'arm' : undefined);
  if (!os || !cpu) return undefined;
  const libc = parts.includes('musl') ? 'musl' : os === 'linux' && parts.includes('gnu') ? 'glibc' : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue; // only exact pins can be completed safely
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[`node_modules/${name}`] = { version: spec, optional: true, ...platform };
    added += 1;
  }
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
lock.packages = sorted;
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`complete-lockfile: ${added} platform entries added\n`);
