import type { ReleaseHandle } from '../contracts/event-bus';
import type { HookManager, LifecycleHooks, ToolReplay, ToolVeto } from '../contracts/hooks';

type HookInfo<Name extends keyof LifecycleHooks> = Parameters<NonNullable<LifecycleHooks[Name]>>[0];

/** Runs hooks in registration order, awaiting each; a throwing hook fails the step. */
export class DefaultHookManager implements HookManager {
  readonly moduleId = 'hook-manager/v1';
  private readonly registrations: { hooks: LifecycleHooks }[] = [];

  constructor(hooks: LifecycleHooks[] = []) {
    for (const entry of hooks) this.register(entry);
  }

  register(hooks: LifecycleHooks): ReleaseHandle {
    const registration = { hooks };
    this.registrations.push(registration);
    return {
      release: () => {
        const index = this.registrations.indexOf(registration);
        if (index >= 0) this.registrations.splice(index, 1);
      },
    };
  }

  runStarted(info: HookInfo<'runStarted'>): Promise<void> {
    return this.each((hooks) => hooks.runStarted?.(info));
  }

  runFinished(info: HookInfo<'runFinished'>): Promise<void> {
    return this.each((hooks) => hooks.runFinished?.(info));
  }

  contextPrepared(info: HookInfo<'contextPrepared'>): Promise<void> {
    return this.each((hooks) => hooks.contextPrepared?.(info));
  }

  modelCallStarting(info: HookInfo<'modelCallStarting'>): Promise<void> {
    return this.each((hooks) => hooks.modelCallStarting?.(info));
  }

  modelCallFinished(info: HookInfo<'modelCallFinished'>): Promise<void> {
    return this.each((hooks) => hooks.modelCallFinished?.(info));
  }

  async toolCallStarting(info: HookInfo<'toolCallStarting'>): Promise<ToolVeto | ToolReplay | undefined> {
    for (const { hooks } of [...this.registrations]) {
      const outcome = await hooks.toolCallStarting?.(info);
      if (outcome && (('veto' in outcome && outcome.veto) || ('replay' in outcome && outcome.replay))) return outcome;
    }
    return undefined;
  }

  toolCallFinished(info: HookInfo<'toolCallFinished'>): Promise<void> {
    return this.each((hooks) => hooks.toolCallFinished?.(info));
  }

  private async each(call: (hooks: LifecycleHooks) => Promise<void> | void | undefined): Promise<void> {
    for (const { hooks } of [...this.registrations]) await call(hooks);
  }
}
