/**
 * The typed API client (libs/api-client) is the API's current document: its committed openapi.json
 * is what /api/docs-json serves now (keys sorted, as generate.mjs writes it), and its committed
 * src/schema.ts is what openapi-typescript generates from that document. A route, parameter or
 * schema changed without `npm run api-client` fails here, naming what changed.
 */
import fs from 'node:fs';
import request from 'supertest';
import { canonicalDocument, describeDrift, DOCUMENT_FILE, OUT_OF_DATE, renderSchema, SCHEMA_FILE } from '../../libs/api-client/scripts/generate.mjs';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let current: string;

beforeAll(async () => {
  t = await startTestApp({}, { seed: false });
  current = canonicalDocument((await request(t.http).get('/api/docs-json').expect(200)).text);
});

afterAll(async () => {
  await t?.close();
});

const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

describe('libs/api-client', () => {
  it('commits the OpenAPI document the API serves', () => {
    const committed = read(DOCUMENT_FILE);
    if (committed !== current) {
      const changes = committed ? describeDrift(committed, current) : ['libs/api-client/openapi.json is missing'];
      throw new Error(`${OUT_OF_DATE}\nopenapi.json differs from /api/docs-json:\n${changes.map((line) => `  ${line}`).join('\n')}`);
    }
  });

  it("commits openapi-typescript's types of that document", async () => {
    // from the served document, not the committed one: both files must be current
    if (read(SCHEMA_FILE) !== (await renderSchema(current))) throw new Error(`${OUT_OF_DATE}\nsrc/schema.ts differs from the types of /api/docs-json`);
  });
});
