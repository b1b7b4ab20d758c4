import type { ModelGateway, ModelRequest } from './model-gateway';

/**
 * An optional capability of a model gateway, found at assembly (`servesRecordedReplies`): it answers
 * some calls from a recording (a recorded replay, ADR 0071), calling no model and spending nothing.
 * The engine asks the budget guard only before calls it does not serve, and at the step boundaries of
 * an execution once one of its calls was not served.
 */
export interface RecordedReplySource {
  /**
   * True exactly when `invoke` would answer this request from the recording, without calling a model.
   * Must agree with `invoke`: a call answered live after this said true would spend unguarded.
   */
  servesRecorded(request: Pick<ModelRequest, 'purpose' | 'messages'>): boolean;
}

/** Whether a gateway serves recorded replies (checked once, when the engine is assembled). */
export function servesRecordedReplies(model: ModelGateway): model is ModelGateway & RecordedReplySource {
  return typeof (model as Partial<RecordedReplySource>).servesRecorded === 'function';
}
