/**
 * The rules we hold deploy/kubernetes to, beyond the API schemas. Each returns its problems as
 * sentences naming the object ("Deployment api: container api has no readinessProbe"); none is a pass.
 */
import { describeObject, type K8sObject } from './manifests.js';

type Json = any;

export interface PodWorkload {
  object: K8sObject;
  pod: { metadata?: { labels?: Record<string, string> }; spec: Json };
}

/** The pod templates of Deployments, Jobs and CronJobs. */
export function workloads(objects: K8sObject[]): PodWorkload[] {
  return objects.flatMap((object): PodWorkload[] => {
    if (object.kind === 'Deployment' || object.kind === 'Job') return [{ object, pod: object.spec.template }];
    if (object.kind === 'CronJob') return [{ object, pod: object.spec.jobTemplate.spec.template }];
    return [];
  });
}

const containersOf = (pod: PodWorkload['pod']): Json[] => [...(pod.spec.initContainers ?? []), ...(pod.spec.containers ?? [])];
export const ofKind = (objects: K8sObject[], kind: string) => objects.filter((object) => object.kind === kind);
export const named = (objects: K8sObject[], kind: string, name: string) => objects.find((object) => object.kind === kind && object.metadata.name === name);
/** Whether a selector's labels are all among `labels`. */
export const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels?.[key] === value);

/** A pinned image: a digest, or a tag other than `latest` (an image without a tag means `latest`). */
export function imageProblem(image: string): string | undefined {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return undefined;
  const tag = /:([\w][\w.-]{0,127})$/.exec(image.slice(image.lastIndexOf('/') + 1))?.[1];
  if (!tag) return `image ${image} has no tag or digest (that is \`latest\`)`;
  if (tag === 'latest') return `image ${image} is \`latest\``;
  return undefined;
}

export function imageProblems(objects: K8sObject[]): string[] {
  const pods = workloads(objects).flatMap(({ object, pod }) =>
    containersOf(pod).map((container) => [describeObject(object), imageProblem(String(container.image))] as const),
  );
  const clusters = ofKind(objects, 'Cluster').map((object) => [describeObject(object), imageProblem(String(object.spec.imageName))] as const);
  return [...pods, ...clusters].filter(([, problem]) => problem).map(([where, problem]) => `${where}: ${problem}`);
}

export function resourceProblems(objects: K8sObject[]): string[] {
  return workloads(objects).flatMap(({ object, pod }) =>
    containersOf(pod).flatMap((container) =>
      ['requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory']
        .filter((field) => {
          const [kind, resource] = field.split('.');
          return container.resources?.[kind!]?.[resource!] === undefined;
        })
        .map((field) => `${describeObject(object)}: container ${container.name} has no resources.${field}`),
    ),
  );
}

/** Non-root, read-only root filesystem with an emptyDir at /tmp, no privilege escalation, no capabilities, no API token. */
export function securityProblems(objects: K8sObject[]): string[] {
  return workloads(objects).flatMap(({ object, pod }) => {
    const where = describeObject(object);
    const podContext = pod.spec.securityContext ?? {};
    const problems: string[] = [];
    if (pod.spec.automountServiceAccountToken !== false) problems.push(`${where}: the pod mounts a service account token (automountServiceAccountToken: false)`);
    if (pod.spec.hostNetwork || pod.spec.hostPID || pod.spec.hostIPC) problems.push(`${where}: the pod shares a host namespace`);
    for (const container of containersOf(pod)) {
      const context = { ...podContext, ...(container.securityContext ?? {}) };
      const it = `${where}: container ${container.name}`;
      if (context.runAsNonRoot !== true) problems.push(`${it} may run as root (runAsNonRoot: true)`);
      if (context.runAsUser === 0) problems.push(`${it} runs as user 0`);
      if (context.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${it} has no RuntimeDefault seccomp profile`);
      if (container.securityContext?.allowPrivilegeEscalation !== false) problems.push(`${it} allows privilege escalation`);
      if (container.securityContext?.readOnlyRootFilesystem !== true) problems.push(`${it} has a writable root filesystem`);
      if (!container.securityContext?.capabilities?.drop?.includes('ALL')) problems.push(`${it} keeps its capabilities (drop: [ALL])`);
      if (container.securityContext?.capabilities?.add?.length) problems.push(`${it} adds capabilities`);
      const tmp = (container.volumeMounts ?? []).find((mount: Json) => mount.mountPath === '/tmp');
      const volume = tmp && (pod.spec.volumes ?? []).find((candidate: Json) => candidate.name === tmp.name);
      if (!volume?.emptyDir) problems.push(`${it} has no writable /tmp (an emptyDir volume mounted there)`);
    }
    return problems;
  });
}

/** Every Deployment's containers have startup, readiness and liveness probes on a port they declare. */
export function probeProblems(objects: K8sObject[]): string[] {
  return workloads(objects)
    .filter(({ object }) => object.kind === 'Deployment')
    .flatMap(({ object, pod }) =>
      (pod.spec.containers as Json[]).flatMap((container) =>
        ['startupProbe', 'readinessProbe', 'livenessProbe'].flatMap((kind) => {
          const probe = container[kind];
          const it = `${describeObject(object)}: container ${container.name}`;
          if (!probe) return [`${it} has no ${kind}`];
          const port = probe.httpGet?.port ?? probe.tcpSocket?.port ?? probe.grpc?.port;
          const declared = (container.ports ?? []).some((candidate: Json) => candidate.name === port || candidate.containerPort === port);
          return probe.exec || declared ? [] : [`${it}: the ${kind}'s port ${port} is not one the container declares`];
        }),
      ),
    );
}

/** Every Deployment has a PodDisruptionBudget and topology spread constraints that select its pods. */
export function availabilityProblems(objects: K8sObject[]): string[] {
  const budgets = ofKind(objects, 'PodDisruptionBudget');
  return workloads(objects)
    .filter(({ object }) => object.kind === 'Deployment')
    .flatMap(({ object, pod }) => {
      const labels = pod.metadata?.labels;
      const problems: string[] = [];
      if (!budgets.some((budget) => selects(budget.spec.selector?.matchLabels, labels))) problems.push(`${describeObject(object)}: no PodDisruptionBudget selects its pods`);
      const spread: Json[] = pod.spec.topologySpreadConstraints ?? [];
      if (!spread.some((constraint) => constraint.topologyKey === 'kubernetes.io/hostname')) problems.push(`${describeObject(object)}: its pods are not spread over nodes (topologySpreadConstraints on kubernetes.io/hostname)`);
      for (const constraint of spread) {
        if (!selects(constraint.labelSelector?.matchLabels, labels)) problems.push(`${describeObject(object)}: a spread constraint on ${constraint.topologyKey} does not select its own pods`);
      }
      return problems;
    });
}

const SECRETISH = /SECRET|PASSWORD|TOKEN|API_KEY|SMTP_URL|DATABASE_URL|DATABASE_READ_URLS|CREDENTIAL|PRIVATE/i;
/** A URL with a literal password in it (`scheme://user:password@`); `$(VAR)` references are not literals. */
const LITERAL_PASSWORD_URL = /:\/\/[^/@\s:]*:(?!\$\()[^@\s]+@/;

/** No Secret objects, no credentials in ConfigMaps or env values: Secrets are referenced, never written. */
export function inlineSecretProblems(objects: K8sObject[]): string[] {
  const problems = ofKind(objects, 'Secret').map((object) => `${describeObject(object)}: a Secret in the manifests (create it in the cluster and reference it)`);
  for (const object of ofKind(objects, 'ConfigMap')) {
    for (const [key, value] of Object.entries(object.data ?? {})) {
      if (SECRETISH.test(key)) problems.push(`${describeObject(object)}: ${key} looks like a secret: reference a Secret instead`);
      if (LITERAL_PASSWORD_URL.test(value)) problems.push(`${describeObject(object)}: ${key} holds a URL with a password`);
    }
  }
  for (const { object, pod } of workloads(objects)) {
    for (const container of containersOf(pod)) {
      for (const variable of (container.env ?? []) as Json[]) {
        if (variable.value === undefined) continue;
        const value = String(variable.value);
        const literal = value.replace(/\$\([A-Z_][A-Z0-9_]*\)/g, '');
        if (LITERAL_PASSWORD_URL.test(value) || (SECRETISH.test(variable.name) && !/\$\(/.test(value) && literal.length > 0)) {
          problems.push(`${describeObject(object)}: container ${container.name} has ${variable.name} written in: reference a Secret`);
        }
      }
    }
  }
  return problems;
}

/** The Secrets the manifests reference by name (env, volumes, Ingress TLS, the CRDs' credentials). */
export function referencedSecrets(objects: K8sObject[]): Set<string> {
  const names = new Set<string>();
  const walk = (node: Json, parentKey = ''): void => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, parentKey));
    if (!node || typeof node !== 'object') return;
    if (parentKey === 'secretKeyRef' || parentKey === 'secretRef') names.add(node.name);
    if (typeof node.secretName === 'string') names.add(node.secretName);
    if (/Credentials$|^accessKeyId$|^secretAccessKey$/.test(parentKey) && typeof node.name === 'string') names.add(node.name);
    for (const [key, value] of Object.entries(node)) walk(value, key);
  };
  for (const object of objects) walk(object.spec);
  return names;
}
