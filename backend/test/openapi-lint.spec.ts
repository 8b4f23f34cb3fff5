import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import request from 'supertest';
import { startTestApp, type TestApp } from './helpers.js';

interface Operation {
  summary?: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; schema?: { enum?: unknown[] } }>;
  requestBody?: { content: Record<string, { example?: unknown; examples?: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}

/** "error operation-summary #/paths/~1api~1me/get/summary: Operation object should contain `summary` field." */
const describeProblem = (problem: NormalizedProblem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`;

describe('the OpenAPI document (/api/docs-json)', () => {
  let t: TestApp;
  let text: string;
  let operations: Array<[string, Operation]>;

  beforeAll(async () => {
    t = await startTestApp({}, { seed: false });
    text = (await request(t.http).get('/api/docs-json').expect(200)).text;
    const document = JSON.parse(text) as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]));
  });

  afterAll(async () => {
    await t?.close();
  });

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const problems = await lintFromString({ source: text, absoluteRef: 'http://localhost/api/docs-json', config: await createConfig({ extends: ['recommended'] }) });
    expect(problems.map(describeProblem)).toEqual([]);
  });

  it('gives every request body an example', () => {
    const without = operations.filter(([, op]) => op.requestBody && Object.values(op.requestBody.content).some((media) => media.example === undefined && !media.examples));
    expect(without.map(([name]) => name)).toEqual([]);
  });

  it('says which operations need the session cookie, and those document 401; public ones have security: [] and no 401', () => {
    const cookie = (op: Operation) => op.security?.some((requirement) => 'cookie' in requirement) ?? false;
    expect(operations.filter(([, op]) => op.security === undefined).map(([name]) => name)).toEqual([]);
    // login's 401 is a wrong password, not a missing session
    expect(operations.filter(([name, op]) => name !== 'POST /api/login' && cookie(op) !== '401' in op.responses).map(([name]) => name)).toEqual([]);
    expect(operations.filter(([name, op]) => name.includes(' /api/admin/') && !(cookie(op) && '403' in op.responses)).map(([name]) => name)).toEqual([]);
  });

  it('offers API keys as a bearer scheme beside the cookie on the operations a key may call, each naming its scope, with a 429', () => {
    const document = JSON.parse(text) as { components: { securitySchemes: Record<string, { type: string; scheme?: string; description?: string }> } };
    expect(document.components.securitySchemes['api-key']).toMatchObject({ type: 'http', scheme: 'bearer', description: expect.stringContaining('`orders:write`') });
    const keyed = operations.filter(([, op]) => op.security?.some((requirement) => 'api-key' in requirement));
    expect(keyed.length).toBeGreaterThan(20);
    const scoped = (op: Operation) => (op as Operation & { 'x-api-key-scope'?: string })['x-api-key-scope'];
    expect(keyed.filter(([, op]) => !(op.security?.some((requirement) => 'cookie' in requirement) && scoped(op) && op.description?.includes(`needs the scope \`${scoped(op)}\``) && '429' in op.responses)).map(([name]) => name)).toEqual([]);
    // managing keys is never a key's
    expect(keyed.filter(([name]) => name.includes('/api/admin/api-keys')).map(([name]) => name)).toEqual([]);
  });

  it('documents 400 everywhere and 404 for each path naming a record, every error with the JSON error schema', () => {
    expect(operations.filter(([, op]) => !('400' in op.responses)).map(([name]) => name)).toEqual([]);
    // an enum path value (a product type) that is not one answers 400, not 404
    const withPathParameter = operations.filter(([, op]) => op.parameters?.some((parameter) => parameter.in === 'path' && !parameter.schema?.enum));
    expect(withPathParameter.filter(([, op]) => !('404' in op.responses)).map(([name]) => name)).toEqual([]);
    const errors = operations.flatMap(([name, op]) => Object.entries(op.responses).filter(([status]) => Number(status) >= 400).map(([status, response]) => [`${name} ${status}`, response] as const));
    expect(errors.filter(([, response]) => response.content?.['application/json']?.schema?.$ref !== '#/components/schemas/ApiErrorDto').map(([name]) => name)).toEqual([]);
  });
});
