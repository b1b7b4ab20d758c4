import type { ModelConnector } from '../../outbound/model-connector';
import type { CustomScorer } from './custom-scorer';

/** What scorers that reach outside the database need: the judge's model gateway and the deployment's custom scorers. */
export interface ScoringContext {
  models: ModelConnector;
  /** By name: the scorers loaded from AGENTLOOM_SCORER_MODULES. */
  customScorers: ReadonlyMap<string, CustomScorer>;
  /** How long a custom scorer may take per case (default `customScorerTimeoutMs`). */
  customScorerTimeoutMs?: number;
}
