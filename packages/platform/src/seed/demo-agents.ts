import type { AgentVersionConfigInput } from '../agents/agent-version-config';

interface DemoAgent {
  slug: string;
  name: string;
  description: string;
  config: AgentVersionConfigInput;
}

/**
 * The two agents a fresh install comes with. Both run offline on the runtime's demo script model
 * (no `model` configured), so a new user can start a run, watch it, and approve a tool call
 * without any provider key. Give them a `model` to run them on a real provider.
 */
export const demoAgents: DemoAgent[] = [
  {
    slug: 'demo-researcher',
    name: 'Demo researcher',
    description: 'Plans, records a citation, and answers. Runs offline on the demo script model.',
    config: {
      mode: 'plan',
      instructions: 'You are a careful research assistant. Plan, cite your sources, then answer.',
      builtinTools: ['plan_read', 'plan_update', 'record_citation'],
      demoScript: {
        replies: [
          {
            text: 'Let me plan this.',
            toolCalls: [{ name: 'plan_update', arguments: { items: [{ id: 'read', title: 'Read the sources', status: 'in-progress' }, { id: 'answer', title: 'Write the answer', status: 'pending' }] } }],
          },
          {
            text: 'Recording the source I used.',
            toolCalls: [{ name: 'record_citation', arguments: { source: 'https://example.org/agentloom-demo', title: 'AgentLoom demo source' } }],
          },
          {
            text: 'Updating the plan.',
            toolCalls: [{ name: 'plan_update', arguments: { items: [{ id: 'read', title: 'Read the sources', status: 'done' }, { id: 'answer', title: 'Write the answer', status: 'done' }] } }],
          },
          { text: 'Here is the answer, based on the cited demo source: durable runs survive crashes because every step is committed before the next one starts.' },
        ],
      },
    },
  },
  {
    slug: 'demo-operator',
    name: 'Demo operator',
    description: 'Sends a notification that a human must approve first. Runs offline on the demo script model.',
    config: {
      mode: 'react',
      instructions: 'You operate systems on behalf of the user. Risky actions need human approval.',
      builtinTools: [],
      tools: ['send_notification'],
      approvals: { 'send_notification': 'always' },
      demoScript: {
        replies: [
          { text: 'I will notify the on-call channel.', toolCalls: [{ name: 'send_notification', arguments: { channel: 'on-call', message: 'Deploy of build 42 is starting.' } }] },
          { text: 'Done: the on-call channel was notified (or the approver declined, see the tool result above).' },
        ],
      },
    },
  },
];
