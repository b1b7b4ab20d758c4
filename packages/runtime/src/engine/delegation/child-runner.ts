import type { SubAgentConfig } from '../../config/agent-config.schema';
import type { ChildRunRequest, ChildRunResult } from '../../contracts/tool-context';
import { ValidationError } from '../../errors';

/** What the runner needs of an engine; kept structural so this file does not import the engine. */
export interface ChildEngine {
  execute(input: { task: string; instanceId: string; signal: AbortSignal }): Promise<{ next: { type: string; output?: string; message?: string } }>;
  close(): Promise<unknown>;
}

export interface ChildRunMetadata {
  parentInstanceId: string;
  ordinal: number;
  signal: AbortSignal;
}

/** Runs sub-agents one at a time, each in a fresh engine that has no delegation of its own. */
export interface ChildRunner {
  run(request: ChildRunRequest, metadata: ChildRunMetadata): Promise<ChildRunResult>;
}

export function createChildRunner(subAgents: readonly SubAgentConfig[], buildEngine: (subAgent: SubAgentConfig) => ChildEngine): ChildRunner {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    run(request, metadata) {
      const subAgent = subAgents.find((candidate) => candidate.name === request.agent);
      if (!subAgent) return Promise.reject(new ValidationError(`Unknown sub-agent "${request.agent}"`));
      // Chained so parallel delegate calls in one model turn still run one after another.
      const result = queue.then(() => runChild(buildEngine(subAgent), request, metadata));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

async function runChild(engine: ChildEngine, request: ChildRunRequest, metadata: ChildRunMetadata): Promise<ChildRunResult> {
  try {
    const outcome = await engine.execute({ task: request.task, instanceId: `${metadata.parentInstanceId}/child-${metadata.ordinal}`, signal: metadata.signal });
    if (outcome.next.type === 'final-output') return { status: 'completed', output: outcome.next.output ?? '' };
    return { status: 'interrupted', output: `Sub-agent ${request.agent} stopped: ${outcome.next.message ?? outcome.next.type}` };
  } finally {
    await engine.close();
  }
}
