/** The scripted ReAct scenarios both engines play: `toolTurns` sequential tool calls, then an answer. */
export interface Scenario {
  name: string;
  toolTurns: number;
  /** Measured runs (after warm-up). */
  runs: number;
  /** Unmeasured runs first; default max(3, runs / 5). */
  warmup?: number;
  /** Steps at which to report the engine's per-step cost (µs), to show whether it grows with the transcript. */
  perStepAt?: number[];
}

export const scenarios: Scenario[] = [
  { name: '1 tool', toolTurns: 1, runs: 400 },
  { name: '3-step chain', toolTurns: 3, runs: 300 },
  { name: '10 tool turns', toolTurns: 10, runs: 150 },
  { name: '100 tool turns', toolTurns: 100, runs: 20 },
  // LangGraph takes ≈ 10 s per run here, hence few runs.
  { name: '1000 tool turns', toolTurns: 1_000, runs: 3, warmup: 1, perStepAt: [10, 100, 1_000] },
];

/** What the fake model says at a given turn: the same words for every engine. */
export function scriptedTurn(scenario: Scenario, assistantTurnsSoFar: number): { toolWord: string } | { answer: string } {
  if (assistantTurnsSoFar < scenario.toolTurns) return { toolWord: `word-${assistantTurnsSoFar}` };
  return { answer: `Looked up ${scenario.toolTurns} words.` };
}

/** The tool every engine runs. */
export function lookup(word: string): string {
  return `definition of ${word}`;
}
