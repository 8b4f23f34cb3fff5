/**
 * A node:test reporter that writes one JSON object when a worker's run ends: the tests passed, failed
 * and skipped (tests, not suites: the count Jest gave), and each file's time, for ./run.mjs to sum and
 * to balance the next run's shards with.
 */
export default async function* report(events) {
  const result = { passed: 0, failed: 0, skipped: 0, files: {} };
  for await (const { type, data } of events) {
    if (type !== 'test:pass' && type !== 'test:fail') continue;
    if (data.details.type === 'suite') {
      // nesting 0: a spec file's own suite (./worker.mjs)
      if (data.nesting === 0) result.files[data.name] = Math.round(data.details.duration_ms);
      // a suite fails on its own (not only through its tests) when its file does not load or a hook throws
      if (type === 'test:fail' && data.details.error?.failureType !== 'subtestsFailed') result.failed += 1;
    } else if (data.skip || data.todo) result.skipped += 1;
    else if (type === 'test:pass') result.passed += 1;
    else result.failed += 1;
  }
  yield `${JSON.stringify(result)}\n`;
}
