import type { ThreadMessageView } from '@agentloom/platform';

const roleLook: Record<ThreadMessageView['role'], string> = {
  system: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  user: 'bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-100',
  assistant: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-400',
  tool: 'bg-sky-50 text-sky-700 dark:bg-sky-500/10 dark:text-sky-300',
};

/**
 * One turn. The conversation is what people read here, so user and assistant text is shown in
 * full; system prompts and tool results are folded (the run page has them in detail).
 */
export function ThreadMessage({ message }: { message: ThreadMessageView }) {
  const calls = Array.isArray(message.toolCalls) ? (message.toolCalls as { name?: unknown }[]) : [];
  const badge = <span className={`rounded px-1.5 py-0.5 text-xs font-medium capitalize ${roleLook[message.role]}`}>{message.role}</span>;
  const folded = message.role === 'system' || message.role === 'tool' || message.kind === 'memory_block';
  const side = message.role === 'user' ? 'ml-auto border-brand-100 dark:border-brand-900' : 'mr-auto border-zinc-200 dark:border-zinc-800';
  return (
    <li
      className={`max-w-[85%] rounded-xl border bg-white px-4 py-3 dark:bg-zinc-900 ${side}`}
      data-message-role={message.role}
      data-message-kind={message.kind}
    >
      {folded ? (
        <details>
          <summary className="flex cursor-pointer list-none items-center gap-2 text-xs">
            {badge}
            <span className="text-zinc-500 dark:text-zinc-400">{message.toolName ?? (message.kind === 'message' ? 'instructions' : message.kind)}</span>
            {message.isError ? <span className="font-medium text-red-700 dark:text-red-400">error</span> : null}
          </summary>
          <p className="mt-2 max-h-64 overflow-auto text-sm whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{message.content}</p>
        </details>
      ) : (
        <>
          <div className="flex items-center gap-2 text-xs">{badge}</div>
          {message.content ? <p className="mt-1.5 text-sm whitespace-pre-wrap">{message.content}</p> : null}
          {calls.length > 0 ? (
            <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
              Called{' '}
              {calls.map((call, position) => (
                <code key={position} className="mr-1 font-mono">
                  {typeof call.name === 'string' ? call.name : 'a tool'}
                </code>
              ))}
            </p>
          ) : null}
        </>
      )}
    </li>
  );
}
