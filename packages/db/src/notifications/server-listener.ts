import pg from 'pg';

import { assertChannelName, deliverTo, type NotificationHandler, type NotificationListener } from './notification-listener';

const maximumReconnectDelayMs = 5_000;

/**
 * One dedicated connection LISTENing on every channel in use. When the server restarts or the
 * connection drops, it reconnects with backoff, re-issues LISTEN and tells handlers they may have
 * missed notifications.
 */
export function createServerListener(url: string, connectTimeoutMs: number): NotificationListener {
  const handlers = new Map<string, Set<NotificationHandler>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let reconnectDelayMs = 100;
  // LISTEN/UNLISTEN one at a time: listeners that start together would otherwise send queries on the one
  // connection while another is in flight, which pg deprecates (and pg 9 refuses). The chain keeps their order.
  let commands: Promise<unknown> = Promise.resolve();
  const command = (connection: pg.Client, text: string): Promise<void> => {
    const sent = commands.then(() => connection.query(text)).then(() => undefined);
    commands = sent.catch(() => undefined);
    return sent;
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) deliverTo(handler, (target) => target.onNotification(message.payload ?? ''));
      });
      next.on('error', () => undefined);
      next.on('end', () => {
        if (client === next) client = undefined;
        if (!closed) scheduleReconnect();
      });
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
      client = next;
      reconnectDelayMs = 100;
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  const scheduleReconnect = () => {
    setTimeout(() => {
      if (closed) return;
      connect().then(
        () => {
          for (const set of handlers.values()) for (const handler of set) deliverTo(handler, (target) => target.onReconnected?.());
        },
        () => {
          reconnectDelayMs = Math.min(reconnectDelayMs * 2, maximumReconnectDelayMs);
          scheduleReconnect();
        },
      );
    }, reconnectDelayMs).unref();
  };

  return {
    listen: async (channel, handler) => {
      assertChannelName(channel);
      const isNewChannel = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set<NotificationHandler>();
      set.add(handler);
      handlers.set(channel, set);
      const connection = client ?? (await connect());
      if (isNewChannel) await command(connection, `LISTEN ${channel}`);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(channel);
          if (client) await command(client, `UNLISTEN ${channel}`).catch(() => undefined);
        }
      };
    },
    close: async () => {
      closed = true;
      handlers.clear();
      await client?.end().catch(() => undefined);
    },
  };
}
