// The bench's output: every line printed and kept for bench/results/latest.md, tables in Markdown,
// and the number formats the tables share.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { here } from './options.mjs';

const report = [];
export function out(text = '') {
  console.log(text);
  report.push(text);
}
export function table(header, rows) {
  out(`| ${header.join(' | ')} |`);
  out(`|${header.map((h, i) => (i === 0 ? '---' : '---:')).join('|')}|`);
  for (const row of rows) out(`| ${row.join(' | ')} |`);
  out();
}
/** Every line printed so far, written to bench/results/latest.md. */
export function writeReport() {
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'latest.md'), `${report.join('\n')}\n`);
}
export const loadavg = () => os.loadavg().map((n) => n.toFixed(1)).join(' / ');
export const f0 = (n) => (Number.isFinite(n) ? n.toFixed(0) : '–');
export const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–');
export const f2 = (n) => (Number.isFinite(n) ? n.toFixed(2) : '–');
export const yes = (ok) => (ok ? '✅' : '❌');
