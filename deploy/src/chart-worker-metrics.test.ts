import { describe, expect, it } from 'vitest';

import { chartVariants, objectsOfKind, podTemplateOf, renderVariant, requiredValues, type PodTemplate } from './testing/chart-variants';

/** The worker pod of a render: its template and its one container's environment by name. */
function workerPod(values: Record<string, unknown>): { pod: PodTemplate; environment: Map<string, { value?: string; secretKey?: string }> } {
  const deployment = objectsOfKind(renderVariant({ values }), 'Deployment').find((object) => object.metadata.name.endsWith('-worker'))!;
  const pod = podTemplateOf(deployment);
  const container = pod.spec.containers.find((candidate) => candidate.name === 'worker')!;
  const environment = new Map((container.env ?? []).map((entry) => [entry.name, { value: entry.value, secretKey: entry.valueFrom?.secretKeyRef?.key }]));
  return { pod, environment };
}

// ADR 0046: counters are kept per process, so every executor must be scraped — the console's
// /api/metrics counts only the console's own work. Workers get a metrics port and the console's token rule.
describe('the Helm chart: worker metrics', () => {
  it('serves worker metrics on a declared port, apart from the probe port, with scrape annotations like the console', () => {
    const { pod, environment } = workerPod(requiredValues);
    const metricsPort = environment.get('AGENTLOOM_METRICS_PORT')?.value;
    expect(metricsPort).toBe('9464');
    expect(metricsPort).not.toBe(environment.get('AGENTLOOM_WORKER_HEALTH_PORT')?.value);
    expect(pod.spec.containers[0]!.ports).toContainEqual(expect.objectContaining({ name: 'metrics', containerPort: 9464 }));
    expect(pod.metadata.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/path': '/metrics', 'prometheus.io/port': '9464' });
  });

  it('takes worker.metricsPort and leaves the annotations out with worker.prometheusScrape off', () => {
    const { pod, environment } = workerPod({ ...requiredValues, worker: { metricsPort: 9100, prometheusScrape: false } });
    expect(environment.get('AGENTLOOM_METRICS_PORT')?.value).toBe('9100');
    expect(pod.metadata.annotations?.['prometheus.io/scrape']).toBeUndefined();
  });

  it('gives workers the metrics token from the Secret, as the console gets it', () => {
    const { environment } = workerPod({ secrets: { ...requiredValues.secrets, metricsToken: 'a-metrics-token-of-32-characters' } });
    expect(environment.get('AGENTLOOM_METRICS_TOKEN')).toEqual({ value: undefined, secretKey: 'AGENTLOOM_METRICS_TOKEN' });
    const console = podTemplateOf(
      objectsOfKind(renderVariant(chartVariants[1]!.options), 'Deployment').find((object) => object.metadata.name.endsWith('-console'))!,
    ).spec.containers[0]!;
    expect(console.env?.find((entry) => entry.name === 'AGENTLOOM_METRICS_TOKEN')?.valueFrom?.secretKeyRef?.key).toBe('AGENTLOOM_METRICS_TOKEN');
  });
});
