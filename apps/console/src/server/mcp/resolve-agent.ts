import { DomainError, type Platform, type Principal } from '@agentloom/platform';
import { z } from 'zod';

const agentIdSchema = z.uuid();

/**
 * The id of the agent a client names by id, slug or display name (models and people use names).
 * Archived agents are not candidates: they cannot start runs. A name two agents share is refused
 * rather than guessed.
 */
export async function resolveAgentId(platform: Platform, principal: Principal, agent: string): Promise<string> {
  const reference = agent.trim();
  // An id goes straight to the run service, which answers unknown and foreign ids with one 404.
  if (agentIdSchema.safeParse(reference).success) return reference;
  const agents = await platform.agents.list(principal, { includeArchived: false });
  const bySlug = agents.find((candidate) => candidate.slug === reference);
  if (bySlug) return bySlug.id;
  const byName = agents.filter((candidate) => candidate.name.toLowerCase() === reference.toLowerCase());
  if (byName.length > 1) {
    throw new DomainError('validation', `${byName.length} agents are named "${reference}"; name one by slug (${byName.map((candidate) => candidate.slug).join(', ')}) or id.`, 'agent');
  }
  if (byName[0]) return byName[0].id;
  throw new DomainError('not-found', `No agent "${reference}" (by id, slug or name).`, 'agent');
}
