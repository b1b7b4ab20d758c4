import { describe, expect, it } from 'vitest';

import { compareHits, defaultFusionSettings, evidenceOf, fuseScore, relevanceOf } from './score-fusion';

const now = new Date('2026-06-15T12:00:00Z');
const settings = { ...defaultFusionSettings, vectorWeight: 0.5, similarityFloor: 0.2 };
const signals = { similarity: 0.6, lexical: 0.4, pinned: false, occurredAt: now, inWindow: null };

describe('relevanceOf', () => {
  it('blends the floor-adjusted similarity and the lexical score by weight', () => {
    // (0.6 − 0.2) / 0.8 = 0.5 semantic; 0.5 × 0.5 + 0.5 × 0.4.
    expect(relevanceOf(signals, settings)).toBeCloseTo(0.45, 10);
  });

  it('lets one list stand for itself when the other was not searched', () => {
    expect(relevanceOf({ similarity: null, lexical: 0.4 }, settings)).toBeCloseTo(0.4, 10);
    expect(relevanceOf({ similarity: 0.6, lexical: null }, settings)).toBeCloseTo(0.5, 10);
  });

  it('reads similarity at or below the floor as unrelated and clamps to 0…1', () => {
    expect(relevanceOf({ similarity: 0.1, lexical: 0 }, settings)).toBe(0);
    expect(relevanceOf({ similarity: 1, lexical: 1.7 }, settings)).toBe(1);
  });
});

describe('relevanceOf with thread context', () => {
  const threaded = { ...settings, threadContextWeight: 0.4 };

  it("mixes the thread's calibrated similarity into the semantic side by its weight", () => {
    // Own (0.6 − 0.2) / 0.8 = 0.5, thread (0.84 − 0.2) / 0.8 = 0.8; semantic 0.6 × 0.5 + 0.4 × 0.8 = 0.62.
    expect(relevanceOf({ similarity: 0.6, lexical: 0.4, threadSimilarity: 0.84 }, threaded)).toBeCloseTo(0.5 * 0.62 + 0.5 * 0.4, 10);
    // A thread less like the query than the item pulls it down as much.
    expect(relevanceOf({ similarity: 0.6, lexical: 0.4, threadSimilarity: 0.2 }, threaded)).toBeCloseTo(0.5 * 0.3 + 0.5 * 0.4, 10);
  });

  it('leaves items without a thread, searches without vectors and weight 0 as they were', () => {
    expect(relevanceOf({ similarity: 0.6, lexical: 0.4, threadSimilarity: null }, threaded)).toBeCloseTo(0.45, 10);
    expect(relevanceOf({ similarity: null, lexical: 0.4, threadSimilarity: 0.84 }, threaded)).toBeCloseTo(0.4, 10);
    expect(relevanceOf({ similarity: 0.6, lexical: 0.4, threadSimilarity: 0.84 }, { ...threaded, threadContextWeight: 0 })).toBeCloseTo(0.45, 10);
  });

  it("keeps evidence on the item's own similarity and reports the thread similarity in the parts", () => {
    const { parts } = fuseScore({ ...signals, threadSimilarity: 0.84 }, now, threaded);
    expect(parts.threadSimilarity).toBe(0.84);
    expect(parts.evidence).toBeCloseTo(0.5, 10);
    expect(fuseScore(signals, now, threaded).parts).not.toHaveProperty('threadSimilarity');
  });
});

describe('evidenceOf', () => {
  it('is the stronger of the calibrated similarity and the lexical score, not their blend', () => {
    // Semantic (0.6 − 0.2) / 0.8 = 0.5 beats lexical 0.4; a paraphrase (no shared word) keeps its similarity.
    expect(evidenceOf(signals, settings)).toBeCloseTo(0.5, 10);
    expect(evidenceOf({ similarity: 0.6, lexical: 0 }, settings)).toBeCloseTo(0.5, 10);
    expect(evidenceOf({ similarity: 0.3, lexical: 0.9 }, settings)).toBeCloseTo(0.9, 10);
  });

  it('reads a list that was not searched as no evidence, and clamps to 0…1', () => {
    expect(evidenceOf({ similarity: null, lexical: 0.4 }, settings)).toBeCloseTo(0.4, 10);
    expect(evidenceOf({ similarity: 0.6, lexical: null }, settings)).toBeCloseTo(0.5, 10);
    expect(evidenceOf({ similarity: 0.05, lexical: 1.7 }, settings)).toBe(1);
    expect(evidenceOf({ similarity: 0.1, lexical: null }, settings)).toBe(0);
  });
});

describe('fuseScore', () => {
  it('adds pin, recency and time boosts to relevance, and says so in the parts', () => {
    const { score, parts } = fuseScore({ ...signals, pinned: true, inWindow: true }, now, settings);
    expect(parts).toEqual({ similarity: 0.6, lexical: 0.4, relevance: parts.relevance, evidence: parts.evidence, pinned: settings.pinnedBoost, recency: settings.recencyBoost, time: settings.timeBoost });
    expect(parts.evidence).toBeCloseTo(0.5, 10);
    expect(score).toBeCloseTo(parts.relevance + settings.pinnedBoost + settings.recencyBoost + settings.timeBoost, 10);
  });

  it('halves the recency boost every half-life', () => {
    const old = new Date(now.getTime() - settings.recencyHalfLifeDays * 86_400_000);
    expect(fuseScore({ ...signals, occurredAt: old }, now, settings).parts.recency).toBeCloseTo(settings.recencyBoost / 2, 10);
  });

  it('never lifts an irrelevant item: no boost without relevance', () => {
    const { score, parts } = fuseScore({ similarity: 0.1, lexical: 0, pinned: true, occurredAt: now, inWindow: true }, now, settings);
    expect(score).toBe(0);
    expect(parts).toMatchObject({ relevance: 0, pinned: 0, recency: 0, time: 0 });
  });

  it('scales relevance down when the query names something no memory holds, and names it in the parts', () => {
    const plain = fuseScore(signals, now, settings);
    const unknown = fuseScore({ ...signals, unknownNames: ['Redis'] }, now, settings);
    expect(unknown.parts.relevance).toBeCloseTo(plain.parts.relevance * settings.unknownNameFactor, 10);
    expect(unknown.parts.evidence).toBeCloseTo(plain.parts.evidence! * settings.unknownNameFactor, 10);
    expect(unknown.parts.unknownNames).toEqual(['Redis']);
    expect(plain.parts).not.toHaveProperty('unknownNames');
    expect(fuseScore({ ...signals, unknownNames: [] }, now, settings).parts.relevance).toBe(plain.parts.relevance);
  });
});

describe('compareHits', () => {
  it('orders by score, then newest first, then by id', () => {
    const hit = (id: string, score: number, day: number) => ({ id, score, occurredAt: new Date(Date.UTC(2026, 0, day)) });
    const sorted = [hit('a', 0.5, 1), hit('b', 0.9, 1), hit('c', 0.5, 9), hit('d', 0.5, 9)].sort(compareHits);
    expect(sorted.map((entry) => entry.id)).toEqual(['b', 'd', 'c', 'a']);
  });
});
