/**
 * One worker of ./run.mjs: runs the spec files named in its arguments in this one process, one after
 * the other, each inside a suite of its own (so a file's `beforeAll` and `afterAll` are that file's, as
 * under Jest). The app's modules load once for all of them; Jest loaded them again for every file.
 *
 * A file must leave `process.env` as it found it: the files share this process (under Jest each had a
 * copy). A file that does not fails, naming the variables, and the next file gets the environment back.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe } from 'node:test';

const backend = path.resolve(import.meta.dirname, '../..');
await import('../worker-env.ts');

for (const file of process.argv.slice(2)) {
  describe(path.relative(backend, file), async () => {
    let env;
    before(() => {
      env = { ...process.env };
    });
    await import(pathToFileURL(file).href);
    after(() => {
      const changed = [...new Set([...Object.keys(env), ...Object.keys(process.env)])].filter((name) => env[name] !== process.env[name]);
      if (changed.length === 0) return;
      for (const name of changed) {
        if (name in env) process.env[name] = env[name];
        else delete process.env[name];
      }
      throw new Error(`the file left process.env changed: ${changed.join(', ')} (restore what a test sets, or pass it to the app as env)`);
    });
  });
}
