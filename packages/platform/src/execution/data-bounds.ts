import { defaultToolOutputMaxBytes } from '@agentloom/runtime';

import { defaultThreadHistoryRuns, defaultThreadHistoryTokens } from '../threads/thread-history';

/** How much data one run may store and read: the limits that keep rows and prompts bounded. */
export interface DataBounds {
  /** Bytes of a tool call's output the model sees and the ledger and transcript store; longer output is cut with a note. */
  toolOutputMaxBytes: number;
  /** Estimated tokens of earlier turns (summary included) a new run on a thread starts with. */
  threadHistoryTokens: number;
  /** Earlier runs of the thread read to build that window; older ones are only counted. */
  threadHistoryRuns: number;
}

export const defaultDataBounds: Readonly<DataBounds> = Object.freeze({
  toolOutputMaxBytes: defaultToolOutputMaxBytes,
  threadHistoryTokens: defaultThreadHistoryTokens,
  threadHistoryRuns: defaultThreadHistoryRuns,
});
