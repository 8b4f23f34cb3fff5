/**
 * `npm run create-admin -- --username U --email E [--name "Full Name"]`: creates an admin account,
 * the way to make the first admin in production (where no demo account exists). The password is
 * read from ADMIN_PASSWORD, or from the first line of standard input, so it never appears in the
 * shell history or the process list.
 */
import 'reflect-metadata';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { ConfigError, startConfig } from '../../config/app-config.js';
import { User } from '../../auth/user.entity.js';
import { insertUser, setPasswordHashMemory } from '../../auth/users.service.js';
import { withCliDatabase } from '../cli-database.js';
import { DataDirLockedError } from '../data-dir-lock.js';
import { EmbeddedPostgresError } from '../embedded-postgres.js';

class UsageError extends Error {}

const USAGE = 'Usage: npm run create-admin -- --username <username> --email <email> [--name "Full Name"]\n(password from ADMIN_PASSWORD or standard input)';
const MIN_PASSWORD = 12;

/** An admin password: long, not one repeated character, and not the username or a demo password. */
function weakness(password: string, username: string): string | undefined {
  if (password.length < MIN_PASSWORD) return `The admin password must be at least ${MIN_PASSWORD} characters long.`;
  if (new Set(password).size < 5) return 'The admin password needs more different characters.';
  if (password.toLowerCase().includes(username.toLowerCase())) return 'The admin password must not contain the username.';
  if (/^(password|admin|dentaladmin|dentalmarket|qwerty|letmein)/i.test(password)) return 'The admin password is too easy to guess.';
  return undefined;
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (process.stdin.isTTY) process.stdout.write(`Password for the new admin (at least ${MIN_PASSWORD} characters): `);
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function main(): Promise<void> {
  let values: { username?: string; email?: string; name?: string };
  try {
    ({ values } = parseArgs({ options: { username: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' } } }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const { username, email, name: fullName } = values;
  if (!username || !email) throw new UsageError(USAGE);
  if (!/^[\w.-]{3,50}$/.test(username)) throw new UsageError('The username must be 3 to 50 letters, digits, dots, hyphens or underscores.');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`"${email}" is not an email address.`);
  const password = (await readPassword()).trim();
  const weak = weakness(password, username);
  if (weak) throw new UsageError(weak);

  const config = startConfig();
  setPasswordHashMemory(config.passwordHashMemoryKib);
  await withCliDatabase(config, async (dataSource, where) => {
    const taken = await dataSource.getRepository(User).existsBy([{ username }, { email }]);
    if (taken) throw new UsageError(`A user with the username "${username}" or the email "${email}" already exists.`);
    await insertUser(dataSource.manager, { username, email, full_name: fullName ?? null, password, role: 'admin' });
    console.log(`Created the admin "${username}" in ${where}.`);
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known = error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof EmbeddedPostgresError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  },
);
