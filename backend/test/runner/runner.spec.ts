/**
 * The backend's test runner (run.mjs) on fixture files: it counts what passed, failed and was
 * skipped as Jest did, keeps each file's hooks to that file, fails a file that leaves process.env
 * changed or does not load, and exits 1 on any failure. The fixtures are not specs (*.ts, not
 * *.spec.ts), so only this spec runs them.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

const backend = path.resolve(import.meta.dirname, '../..');
const fixture = (name: string) => `test/runner/fixtures/${name}.ts`;

function runRunner(files: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['test/runner/run.mjs', '--workers=1', '--label=fixtures', ...files],
      // plain text whatever the calling run asked for (Nx sets FORCE_COLOR): the assertions read the words
      { cwd: backend, env: { ...process.env, DATABASE_URL: '', DM_TEST_SERVER_URL: '', FORCE_COLOR: '0' } },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
    );
  });
}

describe('the backend test runner', () => {
  it("runs Jest's API on node:test: each row's title, hooks scoped to their file, spies restored, a skip counted", async () => {
    const { code, stdout } = await runRunner([fixture('hooks-and-each'), fixture('other-file')]);
    expect(stdout).toContain('✔ adds 1 and 2: 3');
    expect(stdout).toContain('✔ adds 2 and 3: 5');
    expect(stdout).toContain("✔ reads 'probe' of size 2");
    expect(stdout).toContain('✔ a suite outer');
    expect(stdout).toContain("✔ runs without the other file's beforeEach");
    expect(stdout).toMatch(/^fixtures: 7 passed, 0 failed, 1 skipped$/m);
    expect(code).toBe(0);
  });

  it('counts a failed assertion, a failed hook with the tests it stopped, a changed process.env and a file that does not load, and exits 1', async () => {
    const { code, stdout } = await runRunner([fixture('failing'), fixture('does-not-load')]);
    expect(stdout).toContain('Expected: 3');
    expect(stdout).toContain('Error: the fixture hook failed');
    expect(stdout).toContain('the file left process.env changed: DM_RUNNER_FIXTURE_LEAK');
    expect(stdout).toContain('Error: the fixture does not load');
    // 'fails an assertion', the hook's suite and the test it cancelled, the env check, the file that did not load
    expect(stdout).toMatch(/^fixtures: 1 passed, 5 failed$/m);
    expect(code).toBe(1);
  });
});
