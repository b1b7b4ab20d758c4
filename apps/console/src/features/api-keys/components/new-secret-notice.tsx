import type { CreatedApiKey } from '@agentloom/platform';
import { buttonStyles } from '~/components/button-styles';
import { CopyButton } from '~/components/copy-button';

/** The plaintext key, this once: the server stores only its hash and cannot show it again. */
export function NewSecretNotice({ apiKey, onDismiss }: { apiKey: Pick<CreatedApiKey, 'name' | 'role' | 'key'>; onDismiss: () => void }) {
  return (
    <div
      role="alert"
      aria-label="New API key"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-800 dark:bg-amber-950/40"
    >
      <p className="font-medium text-amber-900 dark:text-amber-200">
        Copy the key for “{apiKey.name}” ({apiKey.role}) now — it is shown only this once.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid="new-api-key" className="rounded bg-white px-2 py-1 font-mono text-xs break-all dark:bg-zinc-900">
          {apiKey.key}
        </code>
        <CopyButton text={apiKey.key} label="Copy key" />
      </div>
      <button type="button" className={buttonStyles.secondary} onClick={onDismiss}>
        I have stored it
      </button>
    </div>
  );
}
