import type { CompactionPolicy, CompactionResult, ContextInput } from '../contracts/compaction-policy';
import type { JsonObject } from '../contracts/json';
import type { ModelCall } from '../contracts/model-call';
import { chooseCutoff, compactableMessages, positionOfRecentTurns, safeCutoff } from './compaction-cutoff';
import { foldContext } from './fold-context';
import { TokenEstimator } from './token-estimate';

export interface BudgetCompactionOptions {
  /** The model's context window in tokens. Default 128,000. */
  contextTokens?: number;
  /** Fraction of the window that triggers compaction. Default 0.8. */
  threshold?: number;
  /** Also compact after this many model turns since the last compaction; off when undefined. */
  maxTurns?: number;
  /** Fraction of the window kept as recent messages. Default 0.3. */
  keepRecentFraction?: number;
  /** Model turns kept verbatim after a turn-triggered compaction. Default 2. */
  keepRecentTurns?: number;
  /** Measures messages (tests inject a counting one); default a per-policy estimator that measures each message once. */
  estimator?: TokenEstimator;
}

/** Compacts at a share of the token budget or after N turns: the default for newly published agents. */
export class BudgetCompactionPolicy implements CompactionPolicy {
  readonly moduleId = 'budget-compaction/v1';
  private readonly contextTokens: number;
  private readonly threshold: number;
  private readonly maxTurns: number | undefined;
  private readonly keepRecentFraction: number;
  private readonly keepRecentTurns: number;
  private readonly estimator: TokenEstimator;

  constructor(options: BudgetCompactionOptions = {}) {
    this.contextTokens = options.contextTokens ?? 128_000;
    this.threshold = options.threshold ?? 0.8;
    this.maxTurns = options.maxTurns;
    this.keepRecentFraction = options.keepRecentFraction ?? 0.3;
    this.keepRecentTurns = options.keepRecentTurns ?? 2;
    this.estimator = options.estimator ?? new TokenEstimator();
  }

  checkpointConfig(): JsonObject {
    return {
      contextTokens: this.contextTokens,
      threshold: this.threshold,
      maxTurns: this.maxTurns ?? null,
      keepRecentFraction: this.keepRecentFraction,
      keepRecentTurns: this.keepRecentTurns,
    };
  }

  async compact(input: ContextInput, modelCall: ModelCall): Promise<CompactionResult | null> {
    const overBudget = this.estimator.estimateTokens(input.messages) >= this.contextTokens * this.threshold;
    const overTurns = this.maxTurns !== undefined && input.turnsSinceCompaction >= this.maxTurns;
    if (!overBudget && !overTurns) return null;
    const candidates = compactableMessages(input);
    const byTokens = chooseCutoff(candidates, this.contextTokens * this.keepRecentFraction, (message) => this.estimator.estimateMessageTokens(message));
    const byTurns = overTurns ? safeCutoff(candidates, positionOfRecentTurns(candidates, this.keepRecentTurns)) : null;
    // Both triggers may apply; take the later cut, which removes more: turn-triggered cuts still keep the last turns verbatim.
    const options = [overBudget ? byTokens : null, byTurns].filter((value): value is number => value !== null);
    if (options.length === 0) return null;
    return foldContext(input, candidates, Math.max(...options), modelCall);
  }
}
