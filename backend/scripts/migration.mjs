#!/usr/bin/env node
// `npm run migration:generate -w backend -- <Name>`: writes src/database/migrations/<timestamp>-<Name>.ts
// with the SQL that brings the database (DATABASE_URL, or the running API's embedded server) to
// what the entities describe. Also `migration:run` and `migration:revert`. Runs on the compiled
// DataSource (dist), so it builds the backend first.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const backend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command, name] = process.argv.slice(2);
const cli = path.join(backend, '..', 'node_modules', 'typeorm', 'cli.js');
const dataSource = ['-d', path.join(backend, 'dist', 'database', 'cli-data-source.js')];

const run = (args) => {
  const result = spawnSync(process.execPath, args, { cwd: backend, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!['generate', 'run', 'revert'].includes(command) || (command === 'generate' && !/^[A-Z][A-Za-z0-9]*$/.test(name ?? ''))) {
  console.error('Usage: npm run migration:generate -w backend -- <PascalCaseName> | npm run migration:run -w backend | npm run migration:revert -w backend');
  process.exit(2);
}
run([path.join(backend, '..', 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']);
if (command === 'generate') {
  run([cli, 'migration:generate', ...dataSource, '--pretty', path.join('src', 'database', 'migrations', name)]);
  console.log(`\nAdd the new class to MIGRATIONS in src/database/data-source.ts (the schema test fails until it is there).`);
} else {
  run([cli, `migration:${command}`, ...dataSource]);
}
