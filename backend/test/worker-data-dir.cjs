// Each Jest worker of an embedded run has a DATA_DIR (so an embedded PostgreSQL) of its own: an embedded
// data directory is one API's at a time, and two spec files run side by side. A server run (DATABASE_URL
// set) shares its one database and runs in band (scripts/test-all.mjs).
const path = require('node:path');

if (!process.env.DATABASE_URL && process.env.DM_TEST_TMP && process.env.JEST_WORKER_ID) {
  process.env.DATA_DIR = path.join(process.env.DM_TEST_TMP, `data-${process.env.JEST_WORKER_ID}`);
}
