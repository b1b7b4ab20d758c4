import { shortId } from '~/features/memory/short-id';

/** A thread's title, or a name made from its id when it has none (titles are optional). */
export function threadTitle(thread: { id: string; title: string }): string {
  return thread.title.trim() || `Untitled thread ${shortId(thread.id)}`;
}
