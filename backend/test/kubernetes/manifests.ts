/**
 * deploy/kubernetes rendered as `kubectl kustomize` renders it (offline), and checked against the
 * Kubernetes API's schemas: the built-in kinds with kubernetes-models (the API's OpenAPI schemas,
 * compiled to validators), the CloudNativePG kinds with the CRD schemas vendored in
 * deploy/kubernetes/schemas (validated with Ajv, unknown fields refused as the API server refuses
 * them). A kind with no schema is a failure, never a skip.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../../src/config/app-config.js';

export const KUBERNETES_DIR = path.join(REPO_ROOT, 'deploy', 'kubernetes');

/** What every rendered object has; the rest is read where a rule needs it. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

/** Every overlay: a directory of overlays/ with a kustomization.yaml. */
export function overlayNames(): string[] {
  const dir = path.join(KUBERNETES_DIR, 'overlays');
  return fs.readdirSync(dir).filter((name) => fs.existsSync(path.join(dir, name, 'kustomization.yaml')));
}

/** The kubectl on PATH and its kustomize (`kubectl version --client`). */
export function kubectlVersion(): string {
  try {
    return execFileSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
  } catch (error) {
    throw new Error(`kubectl is needed to render deploy/kubernetes (\`apt-get install kubectl\`; .ci/run installs it): ${(error as Error).message}`);
  }
}

/** `kubectl kustomize <dir>`, parsed; a kustomize error fails with its message. */
export function render(dir: string): K8sObject[] {
  let text: string;
  try {
    text = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new Error(`kubectl kustomize ${path.relative(REPO_ROOT, dir)} failed: ${stderr || message}`);
  }
  return parseAllDocuments(text).map((document) => {
    if (document.errors.length > 0) throw new Error(`unparsable output of kubectl kustomize ${dir}: ${document.errors[0]!.message}`);
    return document.toJS() as K8sObject;
  });
}

export const describeObject = (object: K8sObject) => `${object.kind} ${object.metadata?.name}`;

interface CrdSchema {
  'x-kubernetes-group-version-kind': { group: string; version: string; kind: string };
}

/**
 * A CRD's structural schema made strict: an object with declared properties takes no others (the API
 * server prunes or, with kubectl's default strict field validation, refuses them), unless it says it
 * keeps unknown fields.
 */
function strict(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strict);
  if (!node || typeof node !== 'object') return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === 'enum' || key === 'required' ? value : strict(value)]));
  if (copy.properties && copy.additionalProperties === undefined && !copy['x-kubernetes-preserve-unknown-fields']) copy.additionalProperties = false;
  return copy;
}

let crdValidators: Map<string, ValidateFunction> | undefined;

/** The vendored CRD schemas (deploy/kubernetes/schemas), by "group/version Kind". */
function crdValidator(apiVersion: string, kind: string): ValidateFunction | undefined {
  if (!crdValidators) {
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
    const dir = path.join(KUBERNETES_DIR, 'schemas');
    crdValidators = new Map(
      fs
        .readdirSync(dir)
        .filter((file) => file.endsWith('.json'))
        .map((file) => {
          const schema = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CrdSchema;
          const { group, version, kind: schemaKind } = schema['x-kubernetes-group-version-kind'];
          return [`${group}/${version} ${schemaKind}`, ajv.compile(strict(schema) as object)];
        }),
    );
  }
  return crdValidators.get(`${apiVersion} ${kind}`);
}

interface ModelClass {
  new (data: unknown): { validate(): void };
}

/** The schema problems of each object, as "Kind name: problem"; empty when all are valid. */
export async function schemaProblems(objects: K8sObject[]): Promise<string[]> {
  const problems: string[] = [];
  for (const object of objects) {
    const crd = crdValidator(object.apiVersion, object.kind);
    if (crd) {
      if (!crd(object)) {
        for (const error of crd.errors ?? []) problems.push(`${describeObject(object)}: ${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
      }
      continue;
    }
    let Model: ModelClass | undefined;
    try {
      const models = (await import(`kubernetes-models/${object.apiVersion}`)) as Record<string, ModelClass>;
      Model = models[object.kind];
    } catch {
      Model = undefined;
    }
    if (!Model) {
      problems.push(`${describeObject(object)}: no schema for ${object.apiVersion} ${object.kind} (vendor its CRD schema in deploy/kubernetes/schemas)`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      problems.push(`${describeObject(object)}: ${(error as Error).message}`);
    }
  }
  return problems;
}
