'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { buttonStyles, inputStyles } from '~/components/button-styles';
import { checkFeedbackFields, type FeedbackField, type FeedbackFieldErrors } from '~/features/feedback/feedback-fields';
import { useTRPC } from '~/trpc/react';

/**
 * Records an outcome label, a numeric reward and a comment on the run, or on one step of it. Checked
 * in the browser with the service's own rules (each problem shown under its field), and a refusal
 * from the server is shown under the field it names. Only rendered for roles that may record.
 */
export function FeedbackForm({ runId, stepIndex }: { runId: string; stepIndex?: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formId = useId();
  const [label, setLabel] = useState('');
  const [reward, setReward] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FeedbackFieldErrors>({});
  const [recorded, setRecorded] = useState(false);
  const mutation = useMutation(
    trpc.feedback.record.mutationOptions({
      onSuccess: async () => {
        setLabel('');
        setReward('');
        setComment('');
        setRecorded(true);
        await queryClient.invalidateQueries({ queryKey: trpc.feedback.pathKey() });
      },
      onError: (error) => {
        const field = fieldOf(error.data?.field);
        setErrors(field ? { [field]: error.message } : {});
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRecorded(false);
    const checked = checkFeedbackFields(label, reward, comment);
    setErrors(checked.errors);
    if (!checked.input) return;
    mutation.mutate({ runId, ...(stepIndex !== undefined ? { stepIndex } : {}), ...checked.input });
  };

  const describedBy = (field: FeedbackField, help?: string) => [help, errors[field] ? `${formId}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const target = stepIndex === undefined ? 'this run' : `step ${stepIndex}`;
  return (
    <form aria-label={`Record feedback on ${target}`} className="space-y-3" onSubmit={submit} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${formId}-label`} className="block text-xs font-medium">
            Outcome label
          </label>
          <input
            id={`${formId}-label`}
            className={`${inputStyles} mt-1 font-mono`}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            placeholder="resolved"
            autoComplete="off"
            aria-invalid={errors.label ? true : undefined}
            aria-describedby={describedBy('label', `${formId}-label-help`)}
          />
          <p id={`${formId}-label-help`} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            e.g. resolved, wrong-answer, escalated
          </p>
          <FieldError id={`${formId}-label-error`} message={errors.label} />
        </div>
        <div>
          <label htmlFor={`${formId}-reward`} className="block text-xs font-medium">
            Reward
          </label>
          <input
            id={`${formId}-reward`}
            className={`${inputStyles} mt-1 tabular-nums`}
            value={reward}
            onChange={(event) => setReward(event.target.value)}
            inputMode="decimal"
            placeholder="1"
            autoComplete="off"
            aria-invalid={errors.reward ? true : undefined}
            aria-describedby={describedBy('reward', `${formId}-reward-help`)}
          />
          <p id={`${formId}-reward-help`} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            A number: 1 for a thumbs-up, 1–5 for a rating
          </p>
          <FieldError id={`${formId}-reward-error`} message={errors.reward} />
        </div>
      </div>
      <div>
        <label htmlFor={`${formId}-comment`} className="block text-xs font-medium">
          Comment <span className="font-normal text-zinc-600 dark:text-zinc-400">(optional; erased with the run)</span>
        </label>
        <textarea
          id={`${formId}-comment`}
          className={`${inputStyles} mt-1`}
          rows={2}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={describedBy('comment')}
        />
        <FieldError id={`${formId}-comment-error`} message={errors.comment} />
      </div>
      <div className="flex items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={mutation.isPending}>
          {mutation.isPending ? 'Recording…' : 'Record feedback'}
        </button>
        <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
          {recorded ? 'Feedback recorded.' : mutation.error && !fieldOf(mutation.error.data?.field) ? <span className="text-red-700 dark:text-red-400">{mutation.error.message}</span> : null}
        </p>
      </div>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/** The form's field a server error names (`label`, `input.reward`, …), or null. */
function fieldOf(field: string | null | undefined): FeedbackField | null {
  const last = field?.split('.').at(-1);
  return last === 'label' || last === 'reward' || last === 'comment' ? last : null;
}
