import type { JsonObject } from '../contracts/json';
import type { Router, RoutingCandidates, RoutingDecision } from '../contracts/router';
import type { MemoryHit } from '../contracts/stores';

export interface KeywordRouterOptions {
  /**
   * Minimum evidence to inject: the hit's `parts.evidence` (the better list's calibrated score, ADR
   * 0061), else `parts.relevance` (older ports), else its score. Default: the agent config's `memoryInjection.minScore`.
   */
  minMemoryScore?: number;
  /** Minimum share of a skill's name/description words found in the task. Default 0.3. */
  minSkillOverlap?: number;
  /** At most this many memories injected. Default 3. */
  maxMemories?: number;
}

/**
 * A deterministic baseline router: injects memories above a score, loads the skill whose name and
 * description best overlap the task, otherwise noop. It never calls tools on its own.
 */
export class KeywordRouter implements Router {
  readonly moduleId = 'keyword-router/v1';
  private readonly minMemoryScore: number;
  private readonly minSkillOverlap: number;
  private readonly maxMemories: number;

  constructor(options: KeywordRouterOptions = {}) {
    this.minMemoryScore = options.minMemoryScore ?? 0.2;
    this.minSkillOverlap = options.minSkillOverlap ?? 0.3;
    this.maxMemories = options.maxMemories ?? 3;
  }

  checkpointConfig(): JsonObject {
    return { minMemoryScore: this.minMemoryScore, minSkillOverlap: this.minSkillOverlap, maxMemories: this.maxMemories };
  }

  route(candidates: RoutingCandidates): Promise<RoutingDecision[]> {
    const decisions: RoutingDecision[] = [];
    // Evidence, not the fused score: a pin or recency boost reorders relevant hits but must not carry an unrelated one in.
    const memories = candidates.memories.filter((hit) => injectionScore(hit) >= this.minMemoryScore).slice(0, this.maxMemories);
    if (memories.length > 0) decisions.push({ decision: 'inject_memory', memoryIds: memories.map((hit) => hit.item.id), reason: `${memories.length} memories scored ≥ ${this.minMemoryScore}` });
    const taskWords = words(candidates.task);
    const scored = candidates.skills
      .map((skill) => {
        const skillWords = words(`${skill.name} ${skill.description}`);
        const overlap = skillWords.size === 0 ? 0 : [...skillWords].filter((word) => taskWords.has(word)).length / skillWords.size;
        return { skill, overlap };
      })
      .sort((left, right) => right.overlap - left.overlap);
    const best = scored[0];
    if (best && best.overlap >= this.minSkillOverlap) decisions.push({ decision: 'load_skill', skillName: best.skill.name, reason: `task overlaps ${Math.round(best.overlap * 100)}% of the skill's keywords` });
    if (decisions.length === 0) decisions.push({ decision: 'noop', reason: 'no memory or skill matched the task' });
    return Promise.resolve(decisions);
  }
}

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 2));
}

/** What the injection threshold compares (see KeywordRouterOptions.minMemoryScore). */
export function injectionScore(hit: MemoryHit): number {
  return hit.parts?.evidence ?? hit.parts?.relevance ?? hit.score;
}
