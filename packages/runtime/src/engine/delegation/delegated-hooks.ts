import type { DelegationIdentity, HookManager, LifecycleHooks, ToolCallHookInfo } from '../../contracts/hooks';
import { qualifiedCallId } from './forward-child-step';

/**
 * The hooks a sub-agent runs with: the parent's own hook manager, so a child's tool calls pass the
 * same vetoes and ledger as the parent's, with call ids qualified and the delegation identity set.
 * Run start/end stay the parent's: a child's run is one tool call of the parent run.
 */
export function delegatedHooks(parent: HookManager, delegation: DelegationIdentity): LifecycleHooks {
  const qualify = <T extends ToolCallHookInfo>(info: T): T => ({ ...info, call: { ...info.call, id: qualifiedCallId(delegation, info.call.id) }, delegation });
  return {
    contextPrepared: (info) => parent.contextPrepared(info),
    modelCallStarting: (info) => parent.modelCallStarting(info),
    modelCallFinished: (info) => parent.modelCallFinished(info),
    toolCallStarting: (info) => parent.toolCallStarting(qualify(info)),
    toolCallFinished: (info) => parent.toolCallFinished(qualify(info)),
  };
}
