#!/usr/bin/env node
// Writes .env.example from the full settings table of docs/operations.md (the one list of every
// variable the API reads, which backend/test/docs.spec.ts holds to the API's own declarations).
// `node scripts/env-example.mjs` writes the file; `--check` fails when the file differs from it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Markdown to plain text: links to their words, code spans to their text. */
const plain = (cell) => cell.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1').replace(/`([^`]+)`/g, '$1').trim();

export function envExample(operations = fs.readFileSync(path.join(root, 'docs', 'operations.md'), 'utf8')) {
  const lines = [
    '# Generated from docs/operations.md (node scripts/env-example.mjs): every variable the API reads, all optional.',
    '# Copy to .env at the repository root, or set them in the environment. Relative paths resolve against',
    '# the repository root. Each line: the variable, its default where it has a plain one, and what it does.',
  ];
  let inTable = false;
  for (const row of operations.split('\n')) {
    if (/^\| variable \| default \| meaning \|$/.test(row)) {
      inTable = true;
      continue;
    }
    if (!inTable || /^\|---/.test(row)) continue;
    if (!row.startsWith('|')) {
      inTable = false;
      continue;
    }
    const [names, fallback, meaning] = row.split(/(?<!\\)\|/).slice(1, 4).map((cell) => cell.trim());
    const single = /^`([^`]*)`$/.exec(fallback ?? '');
    for (const [, name] of names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) {
      lines.push(`# ${name}=${single ? single[1] : ''}`.padEnd(48) + `  # ${plain(meaning ?? '')}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = path.join(root, '.env.example');
  const text = envExample();
  if (process.argv.includes('--check')) {
    if (fs.readFileSync(file, 'utf8') !== text) {
      console.error('.env.example differs from docs/operations.md: run node scripts/env-example.mjs');
      process.exit(1);
    }
  } else {
    fs.writeFileSync(file, text);
  }
}
