/** For `node run.mjs --update-times`: each end-to-end file's time in seconds (its process, start to end), as spec-times.json. */
import path from 'node:path';

export default async function* specTimes(events) {
  const seconds = {};
  for await (const { type, data } of events) {
    // one summary per file (data.file), then one for the whole run (none)
    if (type === 'test:summary' && data.file) seconds[path.basename(data.file, '.test.js')] = Math.round(data.duration_ms / 1000);
  }
  const sorted = Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1));
  yield `${JSON.stringify(Object.fromEntries(sorted), null, 2)}\n`;
}
