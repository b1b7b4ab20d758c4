import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine';

describe('demo script model with seeded thread history', () => {
  it('plays the reply for this run’s task and counts only this run’s turns', async () => {
    const engine = createEngine({
      config: {
        demoScript: {
          replies: [
            { whenTaskIncludes: 'plan', text: 'Plan X stands.' },
            { whenTaskIncludes: 'weather', text: 'Sunny.' },
          ],
        },
      },
    });
    const outcome = await engine.execute({
      task: 'What about the plan?',
      history: [
        { role: 'user', content: 'How is the weather?' },
        { role: 'assistant', content: 'Sunny.' },
      ],
    });
    expect(outcome.next).toEqual({ type: 'final-output', output: 'Plan X stands.' });
    await engine.close();
  });
});
