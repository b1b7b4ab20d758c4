import type { RecordedRoutingDecision } from '../../checkpoint/checkpoint-schema';
import type { JsonObject } from '../../contracts/json';
import type { MemoryHit } from '../../contracts/stores';
import type { RoutingDecision, SkillPackage } from '../../contracts/router';
import type { EngineServices } from '../engine-services';
import type { RunState } from '../run-state';
import type { StepRecorder } from '../step-recorder';
import { executeTools } from './execute-tools';
import { authorizeTools } from './authorize-tools';

/**
 * The routing stage (memabra), once per run before the first model call: retrieve candidate memories
 * and skills, let the router decide, apply each decision, and record it as an event and on the checkpoint.
 */
export async function routeTask(services: EngineServices, state: RunState, recorder: StepRecorder, signal: AbortSignal): Promise<void> {
  const router = services.modules.router;
  if (!router || state.routing !== null) return;
  const task = services.modules.context.task();
  const memories = services.memory ? await services.memory.port.search({ scope: services.memory.scope, text: task, limit: 5 }) : [];
  const skills = services.skills ? await services.skills.list() : [];
  const decisions = await router.route({ task, memories, skills, toolNames: services.registry.definitions().map((definition) => definition.name) });
  const recorded: RecordedRoutingDecision[] = [];
  for (const decision of decisions) {
    recorder.emit('routing-decided', { moduleId: router.moduleId, ...(decision as unknown as JsonObject) });
    recorded.push({ decision: decision.decision, reason: decision.reason, payload: payloadOf(decision) });
    await applyDecision(services, state, recorder, signal, decision, memories, skills);
  }
  state.routing = recorded;
}

async function applyDecision(services: EngineServices, state: RunState, recorder: StepRecorder, signal: AbortSignal, decision: RoutingDecision, memories: MemoryHit[], skills: SkillPackage[]): Promise<void> {
  if (decision.decision === 'inject_memory') {
    const selected = memories.filter((hit) => decision.memoryIds.includes(hit.item.id));
    if (selected.length === 0) return;
    recorder.append({ role: 'user', content: `Relevant memories:\n${selected.map((hit) => `- ${hit.item.content}`).join('\n')}` });
    for (const hit of selected) {
      recorder.emit('memory-injected', { memoryId: hit.item.id, score: hit.score, ...(hit.parts ? { parts: { ...hit.parts } } : {}) });
    }
  } else if (decision.decision === 'load_skill') {
    const skill = skills.find((candidate) => candidate.name === decision.skillName);
    if (!skill) return;
    recorder.append({ role: 'user', content: `Skill "${skill.name}" instructions:\n${skill.instructions}` });
    recorder.emit('skill-loaded', { name: skill.name, source: 'routing' });
  } else if (decision.decision === 'call_tool') {
    // The call goes through the same validation, authorization and approval path as a model's call.
    const call = { id: `routing-${state.instanceId}-${decision.toolName}`, name: decision.toolName, arguments: decision.arguments };
    recorder.append({ role: 'assistant', content: '', toolCalls: [call] });
    const approvals = authorizeTools(services, state, recorder, [call]);
    if (approvals.length === 0) await executeTools(services, state, recorder, signal);
  }
}

function payloadOf(decision: RoutingDecision): JsonObject {
  switch (decision.decision) {
    case 'inject_memory':
      return { memoryIds: decision.memoryIds };
    case 'load_skill':
      return { skillName: decision.skillName };
    case 'call_tool':
      return { toolName: decision.toolName, arguments: decision.arguments };
    case 'noop':
      return {};
  }
}
