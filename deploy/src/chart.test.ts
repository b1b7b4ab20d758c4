import { describe, expect, it } from 'vitest';

import { renderChartFiles } from './render-chart';
import { validateObjects } from './validate-objects';
import { chartVariants, objectsOfKind, podTemplateOf, renderVariant, requiredValues } from './testing/chart-variants';

describe.each(chartVariants)('the Helm chart with $name', ({ options }) => {
  const rendered = renderVariant(options);

  it('renders only objects that pass the Kubernetes (and KEDA) schema of their kind', () => {
    expect(rendered.length).toBeGreaterThanOrEqual(5);
    expect(() => validateObjects(rendered)).not.toThrow();
  });

  it('gives every object a unique kind and name, labelled with the release', () => {
    const keys = rendered.map(({ object }) => `${object.kind}/${object.metadata.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const { object } of rendered) expect(object.metadata.labels?.['app.kubernetes.io/instance']).toBe(options.releaseName ?? 'agentloom');
  });
});

describe('the Helm chart', () => {
  it('renders the console, the workers and their Service, configuration, budgets and migrations by default', () => {
    const rendered = renderVariant(chartVariants[0]!.options);
    expect(rendered.map(({ object }) => `${object.kind}/${object.metadata.name}`).sort()).toEqual([
      'ConfigMap/agentloom-fleet',
      'Deployment/agentloom-console',
      'Deployment/agentloom-worker',
      'Job/agentloom-migrate',
      'PodDisruptionBudget/agentloom-console',
      'PodDisruptionBudget/agentloom-worker',
      'Secret/agentloom',
      'Service/agentloom-console',
      'ServiceAccount/agentloom',
    ]);
  });

  it('prints notes that name the release console Service and how to find the first admin key', () => {
    const { notes } = renderChartFiles(chartVariants[1]!.options);
    expect(notes).toContain('port-forward svc/prod-agentloom-console 3000:443');
    // Console and workers start together: whichever opens the empty database first prints the key.
    expect(notes).toContain("logs -l 'app.kubernetes.io/instance=prod,app.kubernetes.io/component in (console,worker)'");
    expect(notes).toContain('Workers scale between 0 and 40');
  });

  it('refuses to render without a database URL or sealing key, naming the value to set', () => {
    expect(() => renderVariant({})).toThrow(/secrets\.databaseUrl is required/);
    expect(() => renderVariant({ values: { secrets: { databaseUrl: requiredValues.secrets.databaseUrl } } })).toThrow(/secrets\.secretKey is required/);
    expect(() => renderVariant({ values: { secrets: { existingSecret: 'mine' } } })).not.toThrow();
  });

  it('checks values against values.schema.json first, as helm does, naming unknown keys and bad values', () => {
    expect(() => renderVariant({ values: { ...requiredValues, autoscaling: { enable: true } } })).toThrow(/autoscaling\.enable: unknown value/);
    expect(() => renderVariant({ values: { ...requiredValues, autoscaling: { mode: 'cron' } } })).toThrow(
      /autoscaling\.mode: must be equal to one of the allowed values/,
    );
    expect(() => renderVariant({ values: { ...requiredValues, worker: { concurrency: 0 } } })).toThrow(/worker\.concurrency: must be >= 1/);
    expect(() => renderVariant({ values: { secrets: { ...requiredValues.secrets, secretKey: 'short' } } })).toThrow(/secrets\.secretKey: must match pattern/);
    expect(() => renderVariant({ values: { ...requiredValues, fleet: { extraEnv: { 'not-a-variable': '1' } } } })).toThrow(/fleet\.extraEnv/);
  });

  it('autoscales with exactly one of a ScaledObject or an HPA, and then leaves the replica count to it', () => {
    const [plain, keda, hpa] = chartVariants.map(({ options }) => renderVariant(options));
    expect(objectsOfKind(plain!, 'ScaledObject')).toHaveLength(0);
    expect(objectsOfKind(plain!, 'HorizontalPodAutoscaler')).toHaveLength(0);
    expect(objectsOfKind(keda!, 'ScaledObject')).toHaveLength(1);
    expect(objectsOfKind(keda!, 'HorizontalPodAutoscaler')).toHaveLength(0);
    expect(objectsOfKind(hpa!, 'HorizontalPodAutoscaler')).toHaveLength(1);
    expect(objectsOfKind(hpa!, 'ScaledObject')).toHaveLength(0);
    const workerReplicas = (rendered: typeof plain) =>
      (objectsOfKind(rendered!, 'Deployment').find((object) => object.metadata.name.endsWith('-worker'))!['spec'] as { replicas?: number }).replicas;
    expect(workerReplicas(plain)).toBe(2);
    expect(workerReplicas(keda)).toBeUndefined();
    expect(workerReplicas(hpa)).toBeUndefined();
  });

  it('rolls the pods when the shared configuration changes', () => {
    const checksum = (values: Record<string, unknown>) =>
      podTemplateOf(objectsOfKind(renderVariant({ values }), 'Deployment')[0]!).metadata.annotations?.['checksum/fleet-config'];
    const before = checksum(requiredValues);
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    expect(checksum({ ...requiredValues, fleet: { leaseMs: 60_000 } })).not.toBe(before);
  });

  it('passes the KEDA queries the metric selector and the per-worker target', () => {
    const scaledObject = objectsOfKind(renderVariant(chartVariants[1]!.options), 'ScaledObject')[0]!;
    const triggers = (scaledObject['spec'] as { triggers: { metadata: { query: string; threshold: string } }[] }).triggers;
    expect(triggers.map((trigger) => trigger.metadata)).toEqual([
      expect.objectContaining({ query: 'max(agentloom_queue_depth{namespace="agents"})', threshold: '8' }),
      expect.objectContaining({ query: 'max(agentloom_oldest_queued_age_seconds{namespace="agents"})', threshold: '30' }),
    ]);
  });
});
