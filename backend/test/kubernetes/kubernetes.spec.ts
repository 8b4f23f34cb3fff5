/**
 * Every overlay of deploy/kubernetes renders offline (`kubectl kustomize`), validates against the
 * Kubernetes API schemas and the CloudNativePG CRDs' (manifests.ts), and keeps our rules (rules.ts,
 * and the wiring below: probes on the health routes, a shutdown that fits its grace period, the
 * remotes' routes, the database's services and the connection budget). docs/deploy.md "Kubernetes".
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config/app-config.js';
import { DEFAULT_DB_POOL_SIZE, SESSION_POOL_SIZE } from '../../src/database/embedded-postgres.js';
import { IDLE_CLOSE_MS } from '../../src/health/graceful-shutdown.js';
import { JOB_POOL_SIZE, STOP_GRACE_MS } from '../../src/jobs/job-queue.js';
import { KUBERNETES_DIR, type K8sObject, kubectlVersion, overlayNames, render, schemaProblems } from './manifests.js';
import {
  availabilityProblems,
  imageProblem,
  imageProblems,
  inlineSecretProblems,
  named,
  ofKind,
  probeProblems,
  referencedSecrets,
  resourceProblems,
  securityProblems,
  selects,
  workloads,
} from './rules.js';

type Json = any;

const REMOTES = ['storefront', 'checkout', 'admin'] as const;
/**
 * Connections one API pod may hold on the primary: its pool, the session store's, pg-boss's pool and
 * its LISTEN connection, and two short-lived ones (the migration lock at start, the outage probe).
 */
const perApiPod = (poolSize: number) => poolSize + SESSION_POOL_SIZE + JOB_POOL_SIZE + 1 + 2;
/** The backup job (the CLI's pool and its migration lock), and PostgreSQL's superuser_reserved_connections for the operator. */
const OTHER_CONNECTIONS = DEFAULT_DB_POOL_SIZE + 1 + 3;

const apiDeployment = (objects: K8sObject[]) => named(objects, 'Deployment', 'api')!;
const apiContainer = (objects: K8sObject[]) => (apiDeployment(objects).spec.template.spec.containers as Json[]).find((c) => c.name === 'api');
/** The API's settings ConfigMap (its generated name carries a hash). */
function apiSettings(objects: K8sObject[]): Record<string, string> {
  const name = apiContainer(objects).envFrom?.find((source: Json) => source.configMapRef)?.configMapRef.name;
  return named(objects, 'ConfigMap', name)?.data ?? {};
}
const envValue = (objects: K8sObject[], name: string): string | undefined => apiContainer(objects).env?.find((v: Json) => v.name === name)?.value;

/** The Deployment a Service sends to. */
const backendOf = (objects: K8sObject[], serviceName: string) => {
  const service = named(objects, 'Service', serviceName);
  return ofKind(objects, 'Deployment').find((deployment) => selects(service?.spec.selector, deployment.spec.template.metadata?.labels));
};

it('has kubectl with a kustomize that reads the kustomizations (v5)', () => {
  expect(kubectlVersion()).toMatch(/Kustomize Version: v5\./);
});

it('has the overlays docs/deploy.md walks through', () => {
  expect(overlayNames().sort()).toEqual(['large', 'small']);
});

describe.each(overlayNames())('overlay %s', (overlay) => {
  let objects: K8sObject[];

  beforeAll(() => {
    objects = render(path.join(KUBERNETES_DIR, 'overlays', overlay));
  });

  it('validates against the Kubernetes API schemas and the CloudNativePG CRDs', async () => {
    expect(objects.length).toBeGreaterThan(20);
    expect(await schemaProblems(objects)).toEqual([]);
  });

  it('pins every image (a tag other than latest, or a digest)', () => {
    expect(imageProblems(objects)).toEqual([]);
  });

  it('gives every container requests and limits, non-root with a read-only root filesystem and a writable /tmp', () => {
    expect(resourceProblems(objects)).toEqual([]);
    expect(securityProblems(objects)).toEqual([]);
  });

  it('gives every Deployment probes, a PodDisruptionBudget and a spread over nodes', () => {
    expect(probeProblems(objects)).toEqual([]);
    expect(availabilityProblems(objects)).toEqual([]);
  });

  it('writes no secret in: Secrets are referenced, and each is one docs/deploy.md tells the supplier to create (or the operator makes)', () => {
    expect(inlineSecretProblems(objects)).toEqual([]);
    const doc = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'deploy.md'), 'utf8');
    const clusters = ofKind(objects, 'Cluster').map((cluster) => `${cluster.metadata.name}-app`);
    const undocumented = [...referencedSecrets(objects)].filter((name) => !clusters.includes(name) && !doc.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });

  it('probes the API on its health routes: started and alive on /api/health, ready on /api/health/ready', () => {
    const container = apiContainer(objects);
    expect(container.startupProbe.httpGet.path).toBe('/api/health');
    expect(container.livenessProbe.httpGet.path).toBe('/api/health');
    expect(container.readinessProbe.httpGet.path).toBe('/api/health/ready');
    // a migration on a large catalogue may take minutes before the process listens
    expect(container.startupProbe.periodSeconds * container.startupProbe.failureThreshold).toBeGreaterThanOrEqual(300);
  });

  it("gives the API's shutdown the time it takes: preStop pause, SHUTDOWN_GRACE_MS, idle connections, the job queue's stop", () => {
    const pod = apiDeployment(objects).spec.template.spec;
    const pause = /^sleep (\d+)$/.exec((apiContainer(objects).lifecycle?.preStop?.exec?.command ?? []).join(' '));
    expect(pause).not.toBeNull();
    const preStop = Number(pause![1]);
    // long enough for the endpoint to leave the Service and the ingress controller before SIGTERM
    expect(preStop).toBeGreaterThanOrEqual(3);
    const drain = Number(apiSettings(objects).SHUTDOWN_GRACE_MS ?? 10_000);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(preStop + (drain + IDLE_CLOSE_MS + STOP_GRACE_MS) / 1000);
  });

  it('routes the pages to the API and /remotes/<name>/ to each remote, whose nginx serves the same files under that prefix', () => {
    const ingresses = ofKind(objects, 'Ingress');
    expect(ingresses).toHaveLength(1);
    const paths: Json[] = ingresses[0]!.spec.rules.flatMap((rule: Json) => rule.http.paths);
    const to = (p: string) => paths.find((candidate) => candidate.path === p)?.backend.service;
    expect(backendOf(objects, to('/')?.name)?.metadata.name).toBe('api');
    const settings = apiSettings(objects);
    const remoteConf = fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'nginx', 'remote.conf'), 'utf8');
    const rewrites = [...remoteConf.matchAll(/^\s*rewrite\s+(\S+)\s+(\S+)\s+last;/gm)];
    for (const remote of REMOTES) {
      const service = to(`/remotes/${remote}/`);
      const deployment = backendOf(objects, service?.name);
      expect([remote, (deployment?.spec.template.spec.containers[0].image as string | undefined)?.includes(`/${remote}:`)]).toEqual([remote, true]);
      expect(named(objects, 'Service', service.name)!.spec.ports.some((port: Json) => port.name === service.port.name)).toBe(true);
      const name = remote.toUpperCase();
      expect(settings[`REMOTE_${name}_URL`]).toBe(`/remotes/${remote}/mf-manifest.json`);
      expect(settings[`REMOTE_${name}_SERVER_URL`]).toBe(`http://${service.name}/mf-manifest.json`);
      // the nginx of deploy/nginx/remote.conf strips the prefix the Ingress keeps
      const uri = `/remotes/${remote}/mf-manifest.json`;
      const rewritten = rewrites.map(([, pattern, replacement]) => {
        const match = new RegExp(pattern!).exec(uri);
        return match && replacement!.replace(/\$(\d)/g, (_, n: string) => match[Number(n)] ?? '');
      });
      expect(rewritten.find(Boolean)).toBe('/mf-manifest.json');
    }
  });

  it("wires PostgreSQL: three instances, DATABASE_URL on the operator's -rw service and DATABASE_READ_URLS on -ro, backups scheduled", () => {
    const [cluster, ...more] = ofKind(objects, 'Cluster');
    expect(more).toEqual([]);
    expect(cluster!.spec.instances).toBe(3);
    const name = cluster!.metadata.name;
    expect(envValue(objects, 'DATABASE_URL')).toMatch(new RegExp(`^postgresql://[^@]+@${name}-rw:5432/`));
    expect(envValue(objects, 'DATABASE_READ_URLS')).toMatch(new RegExp(`^postgresql://[^@]+@${name}-ro:5432/`));
    const credentials = (apiContainer(objects).env as Json[]).filter((v) => v.valueFrom?.secretKeyRef).map((v) => v.valueFrom.secretKeyRef.name);
    expect(credentials).toContain(`${name}-app`);
    const backups = ofKind(objects, 'ScheduledBackup');
    expect(backups.map((backup) => backup.spec.cluster.name)).toEqual([name]);
    const store = cluster!.spec.plugins?.find((plugin: Json) => plugin.isWALArchiver)?.parameters?.barmanObjectName;
    expect(named(objects, 'ObjectStore', store)).toBeDefined();
    // the app's own portable backup, nightly, on the primary
    const [cronJob] = ofKind(objects, 'CronJob');
    const backup = cronJob!.spec.jobTemplate.spec.template.spec.containers[0];
    expect(backup.command.join(' ')).toContain('backend/dist/backup/backup.cli.js');
    expect(backup.env.find((v: Json) => v.name === 'DATABASE_URL').value).toContain(`@${name}-rw:`);
  });

  it("keeps the API pods' connections within the primary's max_connections at the most pods it may run", () => {
    const deployment = apiDeployment(objects);
    const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find((candidate) => candidate.spec.scaleTargetRef.name === 'api');
    // an HPA owns the count: a replicas field would be reset on every apply
    if (hpa) expect(deployment.spec.replicas).toBeUndefined();
    const pods = hpa ? hpa.spec.maxReplicas : deployment.spec.replicas;
    const poolSize = Number(apiSettings(objects).DB_POOL_SIZE ?? DEFAULT_DB_POOL_SIZE);
    const maxConnections = Number(ofKind(objects, 'Cluster')[0]!.spec.postgresql?.parameters?.max_connections ?? 100);
    expect(pods * perApiPod(poolSize) + OTHER_CONNECTIONS).toBeLessThanOrEqual(maxConnections);
  });

  it('keeps every reference whole: Services, config, the autoscaler and the network policies reach what they name', () => {
    const problems: string[] = [];
    for (const service of ofKind(objects, 'Service')) {
      if (!backendOf(objects, service.metadata.name)) problems.push(`Service ${service.metadata.name} selects no Deployment's pods`);
    }
    for (const { object, pod } of workloads(objects)) {
      for (const container of pod.spec.containers as Json[]) {
        for (const source of container.envFrom ?? []) {
          if (source.configMapRef && !named(objects, 'ConfigMap', source.configMapRef.name)) problems.push(`${object.kind} ${object.metadata.name}: ConfigMap ${source.configMapRef.name} is not rendered`);
        }
      }
      for (const volume of pod.spec.volumes ?? []) {
        if (volume.persistentVolumeClaim && !named(objects, 'PersistentVolumeClaim', volume.persistentVolumeClaim.claimName)) problems.push(`${object.kind} ${object.metadata.name}: no claim ${volume.persistentVolumeClaim.claimName}`);
      }
      // a policy beyond the namespace's default deny lets traffic reach it (or states it takes none)
      const policies = ofKind(objects, 'NetworkPolicy').filter((policy) => selects(policy.spec.podSelector.matchLabels, pod.metadata?.labels));
      if (policies.length === 0) problems.push(`${object.kind} ${object.metadata.name}: no NetworkPolicy of its own`);
    }
    for (const hpa of ofKind(objects, 'HorizontalPodAutoscaler')) {
      if (!named(objects, hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.name)) problems.push(`HorizontalPodAutoscaler ${hpa.metadata.name}: its target is not rendered`);
    }
    const namespaces = new Set(objects.filter((object) => object.kind !== 'Namespace').map((object) => object.metadata.namespace));
    expect([...namespaces]).toEqual(['dentalmarket']);
    expect(problems).toEqual([]);
  });
});

it("sizes the overlays as docs/deploy.md says: small runs 2 API pods, large scales 3–20", () => {
  const small = render(path.join(KUBERNETES_DIR, 'overlays', 'small'));
  expect(apiDeployment(small).spec.replicas).toBe(2);
  expect(ofKind(small, 'HorizontalPodAutoscaler')).toEqual([]);
  const [hpa] = ofKind(render(path.join(KUBERNETES_DIR, 'overlays', 'large')), 'HorizontalPodAutoscaler');
  expect([hpa?.spec.minReplicas, hpa?.spec.maxReplicas]).toEqual([3, 20]);
});

it('refuses an image that is not pinned', () => {
  expect(imageProblem('registry.example.com/dentalmarket/api:0.1.0')).toBeUndefined();
  expect(imageProblem(`registry.example.com:5000/dentalmarket/api@sha256:${'a'.repeat(64)}`)).toBeUndefined();
  expect(imageProblem('registry.example.com/dentalmarket/api:latest')).toMatch(/latest/);
  expect(imageProblem('registry.example.com:5000/dentalmarket/api')).toMatch(/no tag/);
});
