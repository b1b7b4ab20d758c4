import type { Database } from '@agentloom/db';

import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import { experimentIdInputSchema } from './evaluation.schema';
import { toExperimentView, experimentViewSelect, type ExperimentView } from './experiment-view';
import { scoreFinishedReplays } from './score-experiment';
import type { ScoringContext } from './scoring/scoring-context';
import { startExperiment } from './start-experiment';

/** Experiments: a dataset replayed against an agent version, scored per case, compared with a baseline. */
export class ExperimentService {
  constructor(
    private readonly database: Database,
    /** Wakes this process's executor after replay runs are queued. */
    private readonly onQueued: () => void,
    /** The judge's model gateway and the deployment's custom scorers. */
    private readonly scoring: ScoringContext,
  ) {}

  async create(principal: Principal, rawInput: unknown): Promise<ExperimentView> {
    assertRole(principal, 'operator', 'Running an experiment');
    const { experimentId } = await startExperiment(this.database, principal, rawInput, this.scoring.customScorers);
    this.onQueued();
    return this.get(principal, { experimentId });
  }

  /** The experiment with its per-case results; replays that finished since the last read are scored first. */
  async get(principal: Principal, rawInput: unknown): Promise<ExperimentView> {
    const { experimentId } = parseInput(experimentIdInputSchema, rawInput);
    await scoreFinishedReplays(this.database, this.scoring, principal.tenantId, experimentId);
    const row = await this.database.prisma.evalExperiment.findFirst({ where: { id: experimentId, tenantId: principal.tenantId }, select: experimentViewSelect });
    if (!row) throw new DomainError('not-found', `Experiment ${experimentId} not found`, 'experimentId');
    return toExperimentView(row);
  }
}
