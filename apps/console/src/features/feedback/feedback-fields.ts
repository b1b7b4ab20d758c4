export type FeedbackField = 'label' | 'reward' | 'comment';
export type FeedbackFieldErrors = Partial<Record<FeedbackField, string>>;

const decimal = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
// The platform's `feedbackLabelSchema` and `feedbackRewardSchema`, restated: the platform package is
// server-only (it would bring Prisma into the browser bundle). The server checks again either way.
const labelPattern = /^[a-zA-Z0-9][a-zA-Z0-9._:-]*$/;
const maxLabelLength = 100;
const maxReward = 1_000_000;

/**
 * The service's rules (ADR 0051), applied in the browser before sending so each problem shows under
 * its field: a label and/or a reward, the label machine-friendly, the reward a finite number in ±1e6.
 */
export function checkFeedbackFields(label: string, reward: string, comment: string): { errors: FeedbackFieldErrors; input: { label?: string; reward?: number; comment: string } | null } {
  const errors: FeedbackFieldErrors = {};
  const trimmedLabel = label.trim();
  const trimmedReward = reward.trim();
  if (trimmedLabel === '' && trimmedReward === '') errors.label = 'Give an outcome label, a reward, or both.';
  if (trimmedLabel.length > maxLabelLength) errors.label = `The label is longer than ${maxLabelLength} characters.`;
  else if (trimmedLabel !== '' && !labelPattern.test(trimmedLabel)) errors.label = 'The label may hold letters, digits, dots, colons, dashes and underscores, and starts with a letter or digit.';
  const rewardValue = decimal.test(trimmedReward) ? Number(trimmedReward) : Number.NaN;
  if (trimmedReward !== '' && !(Number.isFinite(rewardValue) && Math.abs(rewardValue) <= maxReward)) errors.reward = 'The reward must be a number from -1000000 to 1000000.';
  if (comment.length > 4_000) errors.comment = `The comment has ${comment.length} characters; at most 4000 are kept.`;
  if (Object.keys(errors).length > 0) return { errors, input: null };
  return {
    errors,
    input: { ...(trimmedLabel !== '' ? { label: trimmedLabel } : {}), ...(trimmedReward !== '' ? { reward: rewardValue } : {}), comment },
  };
}
