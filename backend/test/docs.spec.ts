/**
 * The README and docs/ against what they describe: the settings tables name exactly the variables
 * the API reads (EnvironmentVariables in src/config/environment.ts), the commands table names scripts
 * that exist, and every relative link leads somewhere. No database, no app: files only.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config/app-config.js';

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const DOCS = fs.readdirSync(path.join(REPO_ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);

/** The markdown without its fenced code blocks: what is in one is an example, not a link or a table. */
function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** The first cell of every row (header and separator excluded) of each table whose header's first cell is `header`. */
function firstCells(markdown: string, header: string): string[] {
  const cells: string[] = [];
  let table: string | undefined;
  for (const line of withoutCodeBlocks(markdown).split('\n')) {
    if (!line.startsWith('|')) {
      table = undefined;
      continue;
    }
    const first = line.split('|')[1]!.trim();
    if (table === undefined) table = first; // the header row
    else if (table === header && !/^:?-+:?$/.test(first)) cells.push(first);
  }
  return cells;
}

/** The spans in backquotes of a table cell: `PORT`, `npm run build`. */
const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/** The variables named in the first column of the settings tables (header `variable`). */
function settingsIn(file: string): string[] {
  return firstCells(read(file), 'variable').flatMap((cell) => {
    const names = codeSpans(cell).filter((span) => /^[A-Z][A-Z0-9_]*$/.test(span));
    if (names.length === 0) throw new Error(`${file}: the settings row "${cell}" names no variable in backquotes`);
    return names;
  });
}

/** The properties declared in the EnvironmentVariables class (src/config/environment.ts), as `  NAME?: type;` lines. */
function environmentVariables(): string[] {
  const source = read('backend/src/config/environment.ts');
  const body = /^export class EnvironmentVariables \{\n([\s\S]*?)^\}$/m.exec(source)?.[1];
  if (!body) throw new Error('backend/src/config/environment.ts: no EnvironmentVariables class found');
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*)\?: [^;\n]+;$/gm)].map((match) => match[1]!);
}

interface PackageJson {
  name: string;
  workspaces?: string[];
  scripts?: Record<string, string>;
}
const packageJson = (dir: string) => JSON.parse(read(path.join(dir, 'package.json'))) as PackageJson;

/** What is wrong with a command of the README, or null: `npm run X [-w W]`, `npm test`, `npm start`, `npm install`, `.ci/run`. */
function commandProblem(command: string): string | null {
  if (command === '.ci/run') return fs.existsSync(path.join(REPO_ROOT, '.ci/run')) ? null : '.ci/run does not exist';
  const words = command.split(/\s+/);
  if (words[0] !== 'npm') return `${command}: not an npm command or .ci/run`;
  if (words[1] === 'install') return null;
  const ownArgs = words.includes('--') ? words.slice(0, words.indexOf('--')) : words;
  const flag = ownArgs.findIndex((word) => word === '-w' || word === '--workspace');
  const workspace = flag >= 0 ? ownArgs[flag + 1] : undefined;
  const script = words[1] === 'run' ? words[2] : words[1];
  if (!script || !(words[1] === 'run' || script === 'test' || script === 'start')) return `${command}: not a form this test knows`;
  let dir = '.';
  if (workspace !== undefined) {
    const found = (packageJson('.').workspaces ?? []).find((ws) => ws === workspace || path.basename(ws) === workspace || packageJson(ws).name === workspace);
    if (!found) return `${command}: there is no workspace ${workspace}`;
    dir = found;
  }
  return packageJson(dir).scripts?.[script] ? null : `${command}: ${path.join(dir, 'package.json')} has no script "${script}"`;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

/** The relative links of a markdown file (code blocks and code spans left out): [text](target). */
function relativeLinks(file: string): string[] {
  const text = withoutCodeBlocks(read(file)).replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/i.test(target));
}

describe('the README and docs/', () => {
  it('every setting the README and the docs name is one the API reads', () => {
    const declared = environmentVariables();
    const readmeSettings = settingsIn('README.md');
    expect(declared.length).toBeGreaterThan(40);
    expect(readmeSettings.length).toBeGreaterThanOrEqual(10);
    const named = [...readmeSettings, ...DOCS.flatMap(settingsIn)];
    expect(named.filter((name) => !declared.includes(name))).toEqual([]);
  });

  it('.env.example is written from that table (node scripts/env-example.mjs), with every setting in it', () => {
    const check = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'env-example.mjs'), '--check'], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    const example = read('.env.example');
    expect(environmentVariables().filter((name) => !example.includes(`# ${name}=`))).toEqual([]);
  });

  it('every setting the API reads is in the full table of docs/operations.md', () => {
    const fullTable = settingsIn('docs/operations.md');
    expect(environmentVariables().filter((name) => !fullTable.includes(name))).toEqual([]);
  });

  it("every command of the README's code block and commands table names a script that exists", () => {
    const readme = read('README.md');
    const tableCommands = firstCells(readme, 'command').flatMap(codeSpans);
    const blockCommands = [...readme.matchAll(/^```bash\n([\s\S]*?)^```$/gm)]
      .flatMap((match) => match[1]!.split('\n'))
      .flatMap((line) => line.replace(/#.*$/, '').split('&&'))
      .map((command) => command.trim())
      .filter(Boolean);
    expect(tableCommands.length).toBeGreaterThanOrEqual(15);
    expect(blockCommands).toEqual(expect.arrayContaining(['npm install', 'npm start', 'npm test']));
    expect([...blockCommands, ...tableCommands].map(commandProblem).filter(Boolean)).toEqual([]);
  });

  it('every relative link in README.md and docs/ leads to a file that exists', () => {
    const broken = ['README.md', ...DOCS].flatMap((file) =>
      relativeLinks(file)
        .map((target) => target.split('#')[0]!)
        .filter((target) => target !== '' && !fs.existsSync(path.join(REPO_ROOT, path.dirname(file), target)))
        .map((target) => `${file} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('every link to a section of a page lands on one of its headings', () => {
    const headings = (file: string) => [...withoutCodeBlocks(read(file)).matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!));
    const broken = ['README.md', ...DOCS].flatMap((file) =>
      relativeLinks(file)
        .filter((target) => /^([^#]*\.md)?#/.test(target))
        .filter((target) => {
          const [page, anchor] = target.split('#');
          const pageFile = page ? path.join(path.dirname(file), page) : file;
          return !fs.existsSync(path.join(REPO_ROOT, pageFile)) || !headings(pageFile).includes(anchor!);
        })
        .map((target) => `${file} → ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
