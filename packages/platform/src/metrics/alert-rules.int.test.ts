import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';

import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';

const alertsPath = fileURLToPath(new URL('../../../../docker/prometheus/alerts.yml', import.meta.url));

const alertRulesSchema = z.object({
  groups: z.array(z.object({ name: z.string(), rules: z.array(z.object({ alert: z.string(), expr: z.string(), for: z.string().optional() })).min(1) })).min(1),
});

/** The exported metric a PromQL name refers to, and the type it needs (histogram series end in _bucket/_sum/_count). */
function referencedMetric(name: string): { base: string; histogram: boolean } {
  const match = /^(.*)_(bucket|sum|count)$/.exec(name);
  return match ? { base: match[1]!, histogram: true } : { base: name, histogram: false };
}

describe.each(databaseModes)('the Prometheus alert rules (%s)', (mode) => {
  let test: TestPlatform;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
  });
  afterAll(() => test?.dispose());

  it('cover the stuck queue, p95 claim latency, failure rate and approval backlog, and name only metrics /metrics exports', async () => {
    const rules = alertRulesSchema.parse(parse(readFileSync(alertsPath, 'utf8'))).groups.flatMap((group) => group.rules);
    expect(rules.map((rule) => rule.alert)).toEqual(expect.arrayContaining(['AgentLoomQueueStuck', 'AgentLoomClaimLatencyHigh', 'AgentLoomRunFailureRateHigh', 'AgentLoomApprovalBacklog']));

    const exposition = await test.platform.metrics.render();
    const exportedTypes = new Map([...exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((match) => [match[1]!, match[2]!]));
    for (const rule of rules) {
      const names = rule.expr.match(/agentloom_[a-z_]+/g) ?? [];
      expect(names.length, `${rule.alert} names no agentloom metric`).toBeGreaterThan(0);
      for (const name of names) {
        const { base, histogram } = referencedMetric(name);
        const type = exportedTypes.get(histogram ? base : name) ?? (histogram ? undefined : exportedTypes.get(base));
        expect(type, `${rule.alert}: ${name} is not exported by /metrics`).toBeDefined();
        if (histogram && name.endsWith('_bucket')) expect(type, `${rule.alert}: ${name} needs a histogram`).toBe('histogram');
        if (rule.expr.includes(`rate(${name}`)) expect(['counter', 'histogram'], `${rule.alert}: rate() over the gauge ${name}`).toContain(type);
      }
    }
  });
});
