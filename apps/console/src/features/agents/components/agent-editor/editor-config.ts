import type { AgentVersionConfig } from '@agentloom/platform';

export type EditorConfig = AgentVersionConfig;
export type ModelSettings = NonNullable<EditorConfig['model']>;
export type CompactionSettings = NonNullable<EditorConfig['compaction']>;
export type ConfigUpdate = (change: (config: EditorConfig) => EditorConfig) => void;

/** Sets or removes (undefined) one optional key, so "not set" never becomes `null` in the config. */
export function withOptional<Value extends object, Key extends keyof Value>(value: Value, key: Key, next: Value[Key] | undefined): Value {
  const copy = { ...value };
  if (next === undefined) delete copy[key];
  else copy[key] = next;
  return copy;
}
