import { describe, expect, it } from 'vitest';

import { checkFeedbackFields } from './feedback-fields';

describe('checkFeedbackFields', () => {
  it('accepts a label, a reward or both, and sends only what was given', () => {
    expect(checkFeedbackFields(' resolved ', '', 'ok').input).toEqual({ label: 'resolved', comment: 'ok' });
    expect(checkFeedbackFields('', '-2.5', '').input).toEqual({ reward: -2.5, comment: '' });
    expect(checkFeedbackFields('wrong-answer', '0', '').input).toEqual({ label: 'wrong-answer', reward: 0, comment: '' });
  });

  it('names the field of each problem', () => {
    expect(checkFeedbackFields('', '', '').errors).toEqual({ label: 'Give an outcome label, a reward, or both.' });
    expect(checkFeedbackFields('not ok', '1', '').errors).toEqual({ label: expect.stringMatching(/^The label may hold letters/) as unknown });
    expect(checkFeedbackFields('', 'five', '').errors).toEqual({ reward: 'The reward must be a number from -1000000 to 1000000.' });
    expect(checkFeedbackFields('', '0x10', '').errors.reward).toBeDefined();
    expect(checkFeedbackFields('', '2000000', '').errors.reward).toBeDefined();
    expect(checkFeedbackFields('ok', '', 'x'.repeat(4_001)).errors).toEqual({ comment: 'The comment has 4001 characters; at most 4000 are kept.' });
  });
});
