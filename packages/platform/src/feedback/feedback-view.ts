/** One feedback entry as clients see it. */
export interface FeedbackView {
  id: string;
  /** Null once the run was erased (the entry stays in its version's aggregate, without its comment). */
  runId: string | null;
  stepIndex: number | null;
  label: string | null;
  reward: number | null;
  comment: string;
  /** console | api | scorer */
  source: string;
  actor: { type: string; id: string; name: string };
  createdAt: string;
}

export const feedbackViewSelect = {
  id: true,
  runId: true,
  stepIndex: true,
  label: true,
  reward: true,
  comment: true,
  source: true,
  actorType: true,
  actorId: true,
  actorName: true,
  createdAt: true,
} as const;

export function toFeedbackView(row: {
  id: string;
  runId: string | null;
  stepIndex: number | null;
  label: string | null;
  reward: number | null;
  comment: string;
  source: string;
  actorType: string;
  actorId: string;
  actorName: string;
  createdAt: Date;
}): FeedbackView {
  return {
    id: row.id,
    runId: row.runId,
    stepIndex: row.stepIndex,
    label: row.label,
    reward: row.reward,
    comment: row.comment,
    source: row.source,
    actor: { type: row.actorType, id: row.actorId, name: row.actorName },
    createdAt: row.createdAt.toISOString(),
  };
}

/** Feedback of one agent version: how many entries, the mean reward, and how often each label was given. */
export interface VersionFeedbackAggregate {
  version: number;
  agentVersionId: string;
  entries: number;
  rewardCount: number;
  /** Mean of the entries that carry a reward; null when none does. */
  meanReward: number | null;
  minReward: number | null;
  maxReward: number | null;
  labels: Record<string, number>;
}
