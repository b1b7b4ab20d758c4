import type { JsonObject } from './json';
import type { RuntimeModule } from './module';
import type { MemoryHit } from './stores';

/** A skill package loaded from a folder (SKILL.md front-matter + body + optional files). */
export interface SkillPackage {
  name: string;
  description: string;
  /** The SKILL.md body after the front-matter. */
  instructions: string;
  /** Relative paths of other files in the skill folder. */
  files: string[];
  /** Absolute folder path. */
  directory: string;
}

/** Candidates retrieved before the first model call. */
export interface RoutingCandidates {
  task: string;
  memories: MemoryHit[];
  skills: SkillPackage[];
  /** Names of tools the router may choose to call. */
  toolNames: string[];
}

/** One routing decision with the payload it selected. */
export type RoutingDecision =
  | { decision: 'inject_memory'; memoryIds: string[]; reason: string }
  | { decision: 'load_skill'; skillName: string; reason: string }
  | { decision: 'call_tool'; toolName: string; arguments: JsonObject; reason: string }
  | { decision: 'noop'; reason: string };

/**
 * The routing stage (memabra): runs once per run before the first model call. Decisions are emitted
 * as `routing-decided` events and recorded on the checkpoint.
 */
export interface Router extends RuntimeModule {
  route(candidates: RoutingCandidates): Promise<RoutingDecision[]>;
}

/** Where skill packages come from. */
export interface SkillSource {
  list(): Promise<SkillPackage[]>;
}
