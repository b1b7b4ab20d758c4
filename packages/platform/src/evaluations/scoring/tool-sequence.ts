import { canonicalJson, toolCallKey } from '../canonical-arguments';
import type { CaseFixture } from '../case-fixture';
import type { CaseScore } from './output-scorers';

/** A tool call of a run, in call order, with the step it was made in. */
export interface SequencedCall {
  name: string;
  arguments: unknown;
  stepIndex: number | null;
}

export interface SequenceComparison {
  score: CaseScore;
  /** Position (0-based) of the first call that differs; null when the sequences are equal. */
  firstDivergentCall: number | null;
  /** The replay's step where that happened: the differing call's step, or the step where the replay stopped calling tools. */
  firstDivergentStep: number | null;
}

/** The recorded calls in order: from the transcript's assistant turns, or a hand-written case's tool results. */
export function recordedCalls(fixture: CaseFixture): { name: string; arguments: unknown }[] {
  const fromTranscript = fixture.transcript.flatMap((message) => (message.role === 'assistant' ? (message.toolCalls ?? []).map((call) => ({ name: call.name, arguments: call.arguments })) : []));
  return fixture.transcript.length > 0 ? fromTranscript : fixture.toolResults.map((result) => ({ name: result.name, arguments: result.arguments }));
}

/** Compares the replay's tool calls with the recorded ones: names and canonical arguments (or names only). */
export function compareToolSequence(recorded: readonly { name: string; arguments: unknown }[], replayed: readonly SequencedCall[], options: { namesOnly: boolean; lastStepIndex: number | null }): SequenceComparison {
  const key = (call: { name: string; arguments: unknown }) => (options.namesOnly ? call.name : toolCallKey(call.name, call.arguments));
  const length = Math.max(recorded.length, replayed.length);
  let divergent: number | null = null;
  for (let index = 0; index < length; index += 1) {
    const left = recorded[index];
    const right = replayed[index];
    if (!left || !right || key(left) !== key(right)) {
      divergent = index;
      break;
    }
  }
  const scorer = options.namesOnly ? 'tool-sequence (names)' : 'tool-sequence';
  if (divergent === null) return { score: { scorer, passed: true, value: 1, explanation: `same ${recorded.length} tool call(s) as recorded` }, firstDivergentCall: null, firstDivergentStep: null };
  const expected = recorded[divergent];
  const actual = replayed[divergent];
  const describe = (call: { name: string; arguments: unknown } | undefined) => (call ? `${call.name}(${options.namesOnly ? '…' : canonicalJson(call.arguments)})` : 'no call');
  return {
    score: {
      scorer,
      passed: false,
      value: length === 0 ? 0 : divergent / length,
      explanation: `call ${divergent + 1} differs: recorded ${describe(expected)}, replay made ${describe(actual)}`,
    },
    firstDivergentCall: divergent,
    firstDivergentStep: actual?.stepIndex ?? options.lastStepIndex,
  };
}
