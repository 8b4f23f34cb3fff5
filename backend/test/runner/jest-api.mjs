/**
 * The part of Jest's API the backend specs use, on node:test: `describe`, `it`/`test` with a timeout as
 * the third argument, `.each` (printf-style `%s` titles, or `$name` for a row that is an object),
 * `.skip`, `.only`, the four hooks, `expect` (Jest's own `expect` package) and `jest.spyOn`/`jest.fn`
 * (Jest's own `jest-mock`). Installed as globals, as Jest does, so a spec file reads as it did under
 * Jest and its types stay `@types/jest`'s.
 */
import util from 'node:util';
import * as nodeTest from 'node:test';
import { expect } from 'expect';
import { ModuleMocker } from 'jest-mock';

/** Jest's default in this repository (it was backend/jest.config.js's testTimeout): a test or hook that hangs fails after a minute. */
export const DEFAULT_TIMEOUT = 60_000;

// node:test hands a test its context as the first argument; Jest's tests and hooks take none (`.each` gives the row)
const bare = (fn) => () => fn();

function printf(title, args, index) {
  let next = 0;
  const formatted = title.replace(/%([sdifjoOp#%])/g, (match, kind) => {
    if (kind === '%') return '%';
    if (kind === '#') return String(index);
    if (next >= args.length) return match;
    const value = args[next++];
    if (kind === 'p') return util.inspect(value, { depth: 1, breakLength: Infinity });
    if (kind === 'j') return JSON.stringify(value);
    return util.format(`%${kind}`, value);
  });
  // a row that is one object: `$name` (and `$a.b`) read its properties, as Jest's table titles do
  const [row] = args;
  if (args.length !== 1 || row === null || typeof row !== 'object' || Array.isArray(row)) return formatted;
  return formatted.replace(/\$([\w$]+(?:\.[\w$]+)*)/g, (match, keys) => {
    const value = keys.split('.').reduce((object, key) => object?.[key], row);
    return value === undefined && !(keys.split('.')[0] in row) ? match : util.inspect(value, { depth: 1, breakLength: Infinity });
  });
}

/** `register.each(table)(title, fn, timeout)`: one test (or suite) per row; a row that is an array is spread into the arguments. */
function withEach(register) {
  return (table) => {
    if (!Array.isArray(table)) throw new TypeError('.each takes an array of rows (tagged-template tables are not supported here)');
    return (title, fn, timeout) =>
      table.forEach((row, index) => {
        const args = Array.isArray(row) ? row : [row];
        register(printf(title, args, index), () => fn(...args), timeout);
      });
  };
}

function makeIt(options = {}) {
  const it = (name, fn, timeout) => nodeTest.it(name, { ...options, timeout: timeout ?? DEFAULT_TIMEOUT }, bare(fn));
  it.each = withEach(it);
  return it;
}

function makeDescribe(options = {}) {
  const describe = (name, fn) => nodeTest.describe(name, options, fn);
  describe.each = withEach((name, fn) => describe(name, fn));
  return describe;
}

const it = Object.assign(makeIt(), { skip: makeIt({ skip: true }), only: makeIt({ only: true }) });
const describe = Object.assign(makeDescribe(), { skip: makeDescribe({ skip: true }), only: makeDescribe({ only: true }) });
const hook = (register) => (fn, timeout) => register(bare(fn), { timeout: timeout ?? DEFAULT_TIMEOUT });

const mocker = new ModuleMocker(globalThis);
const jest = {
  fn: mocker.fn.bind(mocker),
  spyOn: mocker.spyOn.bind(mocker),
  restoreAllMocks: mocker.restoreAllMocks.bind(mocker),
};

Object.assign(globalThis, {
  describe,
  it,
  test: it,
  beforeAll: hook(nodeTest.before),
  afterAll: hook(nodeTest.after),
  beforeEach: hook(nodeTest.beforeEach),
  afterEach: hook(nodeTest.afterEach),
  expect,
  jest,
});
