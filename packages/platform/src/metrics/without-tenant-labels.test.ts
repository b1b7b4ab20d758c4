import { describe, expect, it } from 'vitest';

import { withoutTenantLabels } from './without-tenant-labels';

describe('withoutTenantLabels', () => {
  it('sums samples over agent and tool labels and leaves everything else alone', () => {
    const exposition = [
      '# HELP agentloom_model_tokens Model tokens used, by agent and direction',
      '# TYPE agentloom_model_tokens gauge',
      'agentloom_model_tokens{agent="acme-secret-bot",direction="input"} 10',
      'agentloom_model_tokens{agent="globex-helper",direction="input"} 5',
      'agentloom_model_tokens{agent="acme-secret-bot",direction="output"} 3',
      'agentloom_model_cost_usd{agent="acme-secret-bot"} 0.5',
      'agentloom_model_cost_usd{agent="globex-helper"} 0.25',
      'agentloom_tool_call_duration_seconds_bucket{le="0.1",tool="lookup"} 2',
      'agentloom_tool_call_duration_seconds_bucket{le="0.1",tool="other"} 1',
      'agentloom_runs{status="queued"} 4',
      'agentloom_steps_total 7',
      '',
    ].join('\n');
    const anonymous = withoutTenantLabels(exposition);
    expect(anonymous).not.toContain('acme-secret-bot');
    expect(anonymous).not.toContain('globex-helper');
    expect(anonymous).not.toContain('lookup');
    expect(anonymous.split('\n')).toEqual([
      '# HELP agentloom_model_tokens Model tokens used, by agent and direction',
      '# TYPE agentloom_model_tokens gauge',
      'agentloom_model_tokens{direction="input"} 15',
      'agentloom_model_tokens{direction="output"} 3',
      'agentloom_model_cost_usd 0.75',
      'agentloom_tool_call_duration_seconds_bucket{le="0.1"} 3',
      'agentloom_runs{status="queued"} 4',
      'agentloom_steps_total 7',
      '',
    ]);
  });

  it('sums away the tenant label too, so two tenants’ agents of the same slug become one fleet-wide series', () => {
    const acme = '0193a1b2-0000-7000-8000-00000000000a';
    const globex = '0193a1b2-0000-7000-8000-00000000000b';
    const exposition = [
      `agentloom_model_tokens_total{tenant="${acme}",agent="support-bot",direction="input"} 10`,
      `agentloom_model_tokens_total{tenant="${globex}",agent="support-bot",direction="input"} 30`,
      `agentloom_model_cost_usd_total{tenant="${acme}",agent="support-bot"} 0.5`,
      `agentloom_model_cost_usd_total{tenant="${globex}",agent="support-bot"} 0.25`,
      `agentloom_tool_calls_total{tenant="${acme}",tool="lookup",status="succeeded"} 1`,
      `agentloom_tool_calls_total{tenant="${globex}",tool="lookup",status="succeeded"} 2`,
    ].join('\n');
    const anonymous = withoutTenantLabels(exposition);
    for (const identifying of [acme, globex, 'support-bot', 'lookup', 'tenant=']) expect(anonymous).not.toContain(identifying);
    expect(anonymous.split('\n')).toEqual([
      'agentloom_model_tokens_total{direction="input"} 40',
      'agentloom_model_cost_usd_total 0.75',
      'agentloom_tool_calls_total{status="succeeded"} 3',
    ]);
  });
});
