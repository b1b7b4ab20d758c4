/**
 * The runtime's built-in tools an agent version may enable through `builtinTools`, as the editor
 * offers them. The runtime registers only those that apply (plan tools in plan mode, delegate with
 * sub-agents, memory tools with a memory port, load_skill with skills), whatever is enabled here.
 */
export const builtinToolOptions: readonly { name: string; description: string; appliesWhen: string }[] = [
  { name: 'plan_read', description: 'Read the current plan.', appliesWhen: 'in plan mode' },
  { name: 'plan_update', description: 'Replace the plan (items with id, title and status).', appliesWhen: 'in plan mode' },
  { name: 'record_citation', description: 'Record a source the answer relies on.', appliesWhen: 'always' },
  { name: 'delegate', description: 'Hand a sub-task to a sub-agent.', appliesWhen: 'when the agent has sub-agents' },
  { name: 'memory_search', description: 'Search long-term memory.', appliesWhen: 'when memory is available' },
  { name: 'memory_store', description: 'Store a fact in long-term memory.', appliesWhen: 'when memory is available' },
  { name: 'load_skill', description: 'Load a skill from the skills directory.', appliesWhen: 'when a skills directory is configured' },
  // Durable waits (ADR 0044): the run parks without a lease and resumes once, when the wait ends.
  { name: 'sleep', description: 'Wait a number of seconds (up to 30 days), durably.', appliesWhen: 'always (not in sub-agents)' },
  { name: 'wait_until', description: 'Wait until a time (ISO 8601 with offset, up to 30 days ahead), durably.', appliesWhen: 'always (not in sub-agents)' },
  {
    name: 'wait_for_event',
    description: 'Wait for an external event delivered by correlation key (POST /api/v1/events), with an optional timeout.',
    appliesWhen: 'always (not in sub-agents)',
  },
];
