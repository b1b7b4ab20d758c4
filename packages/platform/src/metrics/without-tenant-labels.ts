/** Labels that name a tenant (its id) or whose values a tenant chooses (agent slugs, tool names), and so can identify it. */
export const tenantIdentifyingLabels = ['tenant', 'agent', 'tool'] as const;

const samplePattern = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(\s+\S+)?$/;
const labelPattern = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * Rewrites a Prometheus text exposition without tenant-identifying labels: samples that differ only
 * in those labels are summed (counters, histogram buckets/sums/counts and the per-agent gauges here
 * are all totals, so the sums are the fleet-wide totals). Comments and other samples pass unchanged.
 */
export function withoutTenantLabels(exposition: string): string {
  const output: string[] = [];
  const merged = new Map<string, { index: number; name: string; labels: string; value: number }>();
  for (const line of exposition.split('\n')) {
    const match = line.startsWith('#') ? null : samplePattern.exec(line);
    if (!match) {
      output.push(line);
      continue;
    }
    const [, name, rawLabels = '', rawValue] = match;
    const pairs = [...rawLabels.matchAll(labelPattern)];
    if (!pairs.some((pair) => (tenantIdentifyingLabels as readonly string[]).includes(pair[1]!))) {
      output.push(line);
      continue;
    }
    const labels = pairs
      .filter((pair) => !(tenantIdentifyingLabels as readonly string[]).includes(pair[1]!))
      .map((pair) => pair[0])
      .join(',');
    const key = `${name}{${labels}}`;
    const existing = merged.get(key);
    if (existing) existing.value += Number(rawValue);
    else {
      merged.set(key, { index: output.length, name: name!, labels, value: Number(rawValue) });
      output.push('');
    }
  }
  for (const sample of merged.values()) {
    output[sample.index] = `${sample.name}${sample.labels === '' ? '' : `{${sample.labels}}`} ${sample.value}`;
  }
  return output.join('\n');
}
