/**
 * The two agents a fresh install comes with. Both run offline on the scripted model, so a new user
 * can start a run, watch it, and approve a tool call without any provider key.
 */
export const demoAgents = [
  {
    slug: 'demo-researcher',
    name: 'Demo researcher',
    description: 'Answers with a plan, a note-taking tool call and a cited summary. Runs offline on the scripted model.',
    config: {
      mode: 'plan',
      instructions: 'You are a careful research assistant. Plan, take notes, then answer with citations.',
      model: { provider: 'scripted', scenario: 'research' },
      tools: ['builtin.plan_read', 'builtin.plan_update', 'builtin.citation_record', 'builtin.memory_search'],
      approvals: { default: 'never' },
      limits: { maxModelCalls: 96, maxIterations: 64 },
      memory: { injectTopK: 3 },
    },
  },
  {
    slug: 'demo-operator',
    name: 'Demo operator',
    description: 'Proposes a side-effecting tool call that a human must approve first. Runs offline on the scripted model.',
    config: {
      mode: 'react',
      instructions: 'You operate systems on behalf of the user. Risky actions need human approval.',
      model: { provider: 'scripted', scenario: 'approval' },
      tools: ['builtin.memory_store', 'demo.send_notification'],
      approvals: { default: 'never', tools: { 'demo.send_notification': 'always' } },
      limits: { maxModelCalls: 96, maxIterations: 64 },
      memory: { injectTopK: 0 },
    },
  },
] as const;
