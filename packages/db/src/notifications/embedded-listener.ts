import type { PGlite } from '@electric-sql/pglite';

import { assertChannelName, deliverTo, type NotificationHandler, type NotificationListener } from './notification-listener';

/** PGlite delivers notifications of its single in-process session to listeners directly. */
export function createEmbeddedListener(pglite: PGlite): NotificationListener {
  const releases = new Set<() => Promise<void>>();
  return {
    listen: async (channel: string, handler: NotificationHandler) => {
      assertChannelName(channel);
      const unlisten = await pglite.listen(channel, (payload) => deliverTo(handler, (target) => target.onNotification(payload)));
      const release = async () => {
        if (!releases.delete(release)) return;
        if (!pglite.closed) await unlisten();
      };
      releases.add(release);
      return release;
    },
    close: async () => {
      await Promise.all([...releases].map((release) => release()));
    },
  };
}
