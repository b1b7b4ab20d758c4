import { renderChart, type KubernetesObject, type RenderedObject, type RenderOptions } from '../render-chart';

/** A valid AGENTLOOM_SECRET_KEY (32 bytes in base64), as `openssl rand -base64 32` prints one. */
export const testSecretKey = Buffer.alloc(32, 7).toString('base64');

/** The least a user must pass: the database and the sealing key (values.yaml has everything else). */
export const requiredValues = { secrets: { databaseUrl: 'postgresql://agentloom:password@postgres.example:5432/agentloom', secretKey: testSecretKey } };

/** Renders named against the chart's defaults and against values that change every switch. */
export const chartVariants: { name: string; options: RenderOptions }[] = [
  { name: 'default values', options: { values: requiredValues } },
  {
    name: 'KEDA autoscaling, metrics token, executor in the console, scheduling hints',
    options: {
      releaseName: 'prod',
      namespace: 'agents',
      values: {
        secrets: { ...requiredValues.secrets, metricsToken: 'a-metrics-token-of-32-characters' },
        images: {
          console: { repository: 'registry.example/agentloom/console', tag: '2.3.4' },
          worker: { repository: 'registry.example/agentloom/worker', tag: '2.3.4' },
        },
        imagePullSecrets: [{ name: 'registry-credentials' }],
        fleet: {
          toolModules: '/opt/agentloom/tools/crm.mjs',
          otlpEndpoint: 'http://otel-collector.observability:4318',
          embedder: 'hashing',
          extraEnv: { AGENTLOOM_THREAD_HISTORY_TOKENS: 8000 },
        },
        console: {
          replicas: 3,
          port: 8080,
          executor: { enabled: true, concurrency: 2 },
          secureCookies: true,
          service: { type: 'LoadBalancer', port: 443 },
          nodeSelector: { pool: 'web' },
        },
        worker: { concurrency: 8, terminationGracePeriodSeconds: 120, tolerations: [{ key: 'agents', operator: 'Exists', effect: 'NoSchedule' }] },
        autoscaling: {
          enabled: true,
          mode: 'keda',
          minReplicas: 0,
          maxReplicas: 40,
          queuedRunsPerWorker: 8,
          metricSelector: 'namespace="agents"',
          keda: { authenticationRef: 'prometheus-auth' },
        },
      },
    },
  },
  {
    name: 'HPA on external metrics, an existing Secret, no migration hook, no disruption budgets',
    options: {
      releaseName: 'agentloom',
      values: {
        secrets: { existingSecret: 'agentloom-credentials' },
        migrations: { enabled: false },
        // Helm prints this as 3.6e+06 (a float64 from the values file); the processes must still read it.
        fleet: { leaseMs: 3_600_000, recoveryIntervalMs: 1_000_000 },
        serviceAccount: { create: false, name: 'agents' },
        console: { podDisruptionBudget: { enabled: false }, prometheusScrape: false },
        worker: { podDisruptionBudget: { enabled: false } },
        autoscaling: { enabled: true, mode: 'hpa', minReplicas: 2, maxReplicas: 6 },
      },
    },
  },
];

export function objectsOfKind(rendered: RenderedObject[], kind: string): KubernetesObject[] {
  return rendered.filter(({ object }) => object.kind === kind).map(({ object }) => object);
}

export function renderVariant(options: RenderOptions): RenderedObject[] {
  return renderChart(options);
}

/** The pod template of a Deployment or Job, typed loosely: the schema check has already run. */
export interface PodTemplate {
  metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
  spec: {
    serviceAccountName?: string;
    terminationGracePeriodSeconds?: number;
    containers: Container[];
  };
}

export interface Container {
  name: string;
  image: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
}

export interface Probe {
  httpGet?: { path: string; port: string | number };
  tcpSocket?: { port: string | number };
}

export function podTemplateOf(object: KubernetesObject): PodTemplate {
  return (object['spec'] as { template: PodTemplate }).template;
}
