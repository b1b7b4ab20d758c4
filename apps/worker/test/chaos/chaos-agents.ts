import { createHash } from 'node:crypto';

import type { Platform, Principal } from '@agentloom/platform';

const throwing = (entry: number) => ({ name: 'chaos_throwing', arguments: { entry } });

/**
 * The three kinds of run the chaos suite cancels: tools that throw on abort (including a batch of
 * two concurrent calls), a tool that ignores its abort (abandoned after the grace period), and a
 * tool that needs approval (runs wait in `waiting_human`, where cancels and approvals race).
 */
const chaosAgentConfigs = {
  'chaos-throwing': {
    instructions: 'Record, record twice at once, then answer.',
    builtinTools: [],
    tools: ['chaos_throwing'],
    demoScript: {
      replies: [
        { text: 'Recording.', toolCalls: [throwing(1)] },
        { text: 'Recording two at once.', toolCalls: [throwing(2), throwing(3)] },
        { text: 'Recorded.' },
      ],
    },
  },
  'chaos-stubborn': {
    instructions: 'Record slowly, then quickly, then answer.',
    builtinTools: [],
    tools: ['chaos_stubborn', 'chaos_throwing'],
    demoScript: {
      replies: [{ text: 'Recording slowly.', toolCalls: [{ name: 'chaos_stubborn', arguments: { entry: 1 } }] }, { text: 'Recording.', toolCalls: [throwing(2)] }, { text: 'Recorded.' }],
    },
  },
  'chaos-approval': {
    instructions: 'Ask, record, then answer.',
    builtinTools: [],
    tools: ['chaos_throwing'],
    approvals: { chaos_throwing: 'always' },
    demoScript: { replies: [{ text: 'Asking first.', toolCalls: [throwing(1)] }, { text: 'Recorded.' }] },
  },
} as const;

export type ChaosAgentSlug = keyof typeof chaosAgentConfigs;
export const chaosAgentSlugs = Object.keys(chaosAgentConfigs) as ChaosAgentSlug[];

/** Creates the chaos agents in the principal's tenant; returns their ids by slug. */
export async function createChaosAgents(platform: Platform, principal: Principal): Promise<Record<ChaosAgentSlug, string>> {
  const ids: Partial<Record<ChaosAgentSlug, string>> = {};
  for (const slug of chaosAgentSlugs) {
    const config = chaosAgentConfigs[slug];
    const agent = await platform.database.prisma.agent.create({
      data: {
        tenantId: principal.tenantId,
        slug,
        name: slug,
        versions: {
          create: {
            tenantId: principal.tenantId,
            version: 1,
            config: JSON.parse(JSON.stringify(config)) as object,
            configHash: createHash('sha256').update(JSON.stringify(config)).digest('hex'),
            createdBy: 'chaos-test',
          },
        },
      },
    });
    ids[slug] = agent.id;
  }
  return ids as Record<ChaosAgentSlug, string>;
}
