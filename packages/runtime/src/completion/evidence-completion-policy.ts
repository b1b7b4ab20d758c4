import { z } from 'zod';
import type { CompletionDecision, CompletionInput, CompletionPolicy } from '../contracts/completion-policy';
import type { JsonObject } from '../contracts/json';
import type { ModelCall } from '../contracts/model-call';

export interface EvidenceCompletionOptions {
  /** Refuse a final answer until at least one tool call succeeded. Default false. */
  requireToolEvidence?: boolean;
  /** Ask the model (purpose `verification`) whether the candidate completes the task. Default false: it costs a model call per answer. */
  verify?: boolean;
}

const verdictSchema = z.object({ decision: z.enum(['complete', 'continue', 'blocked']), reason: z.string().default('') });

const verifierInstructions =
  'You check whether a candidate answer completes the task, using only the evidence shown. Reply with JSON only: ' +
  '{"decision":"complete"|"continue"|"blocked","reason":"..."}. Use "continue" when more work would finish the task, ' +
  '"blocked" when the task cannot be finished with the available tools or information.';

/** Completion needs evidence: optionally a successful tool call, then the model's own verification. */
export class EvidenceCompletionPolicy implements CompletionPolicy {
  readonly moduleId = 'evidence-completion/v1';
  private readonly requireToolEvidence: boolean;
  private readonly verify: boolean;

  constructor(options: EvidenceCompletionOptions = {}) {
    this.requireToolEvidence = options.requireToolEvidence ?? false;
    this.verify = options.verify ?? false;
  }

  checkpointConfig(): JsonObject {
    return { requireToolEvidence: this.requireToolEvidence, verify: this.verify };
  }

  async review(input: CompletionInput, modelCall: ModelCall): Promise<CompletionDecision> {
    if (this.requireToolEvidence && input.evidence.succeededToolCalls === 0) {
      return { decision: 'continue', reason: 'No tool has produced evidence yet. Use the tools to verify before answering.' };
    }
    if (!this.verify) return { decision: 'complete', reason: 'Verification disabled' };
    const reply = await modelCall({
      purpose: 'verification',
      messages: [
        { role: 'system', content: verifierInstructions },
        {
          role: 'user',
          content: `Task:\n${input.task}\n\nTool calls: ${input.evidence.succeededToolCalls} succeeded, ${input.evidence.failedToolCalls} failed.\n\nCandidate answer:\n${input.candidate}`,
        },
      ],
    });
    return parseVerdict(reply.text);
  }
}

/** An unreadable verdict accepts the candidate: the verifier is a second opinion, not a gate that can wedge a run. */
function parseVerdict(text: string): CompletionDecision {
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  try {
    const verdict = verdictSchema.parse(JSON.parse(json));
    return { decision: verdict.decision, reason: verdict.reason };
  } catch {
    return { decision: 'complete', reason: 'Verifier reply was not a verdict; accepted the candidate' };
  }
}
