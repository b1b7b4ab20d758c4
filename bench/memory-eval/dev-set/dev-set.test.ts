import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { allQuestions, allSessions } from './all-questions';
import { buildDevSet, evalFileText } from './build-dev-set';
import { sharedContentStems } from './content-words';
import { devSetProblems } from './dev-set-checks';
import { questionTypes } from './dev-set-types';

async function committed(name: string): Promise<string> {
  return readFile(fileURLToPath(new URL(`../${name}`, import.meta.url)), 'utf8');
}

describe('the memory eval dev set', () => {
  it('is as large as issue 13 asks: ≥ 60 dated multi-turn sessions, ≥ 150 questions, ≥ 20 abstentions', () => {
    expect(allSessions.length).toBeGreaterThanOrEqual(60);
    expect(allSessions.every((session) => session.turns.length >= 4 && !Number.isNaN(Date.parse(session.date)))).toBe(true);
    expect(allQuestions.length).toBeGreaterThanOrEqual(150);
    expect(allQuestions.filter((question) => question.type === 'abstention').length).toBeGreaterThanOrEqual(20);
    for (const type of questionTypes) expect(allQuestions.filter((question) => question.type === type).length, type).toBeGreaterThanOrEqual(15);
  });

  it('breaks no rule: known sessions, multi-session ≥ 2 labels, abstention none, paraphrases share no content word', () => {
    expect(devSetProblems(allSessions, allQuestions)).toEqual([]);
  });

  it('the paraphrase check sees through inflection and ignores stopwords', () => {
    expect(sharedContentStems('Which databases were migrated?', ['We migrate the database tonight.'])).toEqual(['databas', 'migrat']);
    expect(sharedContentStems('What did we say about it?', ['We said nothing about it.'])).toEqual([]);
    const broken = [{ type: 'paraphrase' as const, question: 'Which Postgres version does staging run?', answerSessionIds: ['staging-db-frankfurt'], answer: '15' }];
    expect(devSetProblems(allSessions, broken)).toEqual([expect.stringContaining('shares content words with its session: postgr, stage, version')]);
  });

  it('splits by question, every type in both halves, nothing in both', () => {
    const { dev, heldOut } = buildDevSet();
    const devIds = new Set(dev.questions.map((question) => question.id));
    expect(heldOut.questions.filter((question) => devIds.has(question.id))).toEqual([]);
    expect(dev.questions.length + heldOut.questions.length).toBe(allQuestions.length);
    for (const type of questionTypes) {
      const inDev = dev.questions.filter((question) => question.type === type).length;
      const inHeldOut = heldOut.questions.filter((question) => question.type === type).length;
      expect(inHeldOut / (inDev + inHeldOut), type).toBeGreaterThan(0.2);
      expect(inHeldOut / (inDev + inHeldOut), type).toBeLessThan(0.4);
    }
  });

  it('the committed files are exactly what the generator writes from these sources', async () => {
    const { dev, heldOut } = buildDevSet();
    expect(await committed('dev-set.json')).toBe(evalFileText(dev));
    expect(await committed('held-out-set.json')).toBe(evalFileText(heldOut));
  });
});
