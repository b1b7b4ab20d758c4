import { createServer, type IncomingHttpHeaders } from 'node:http';

/** One request a test receiver got. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1 with a random port, answering each request with the next
 * status of `statuses` (the last one repeats), for webhook delivery tests.
 */
export async function startWebhookReceiver(statuses: readonly number[] = [200]): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses[Math.min(received.length, statuses.length) - 1] ?? 200;
      response.writeHead(status, { 'Content-Type': 'text/plain' }).end(`status ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('The receiver has no port');
  return {
    url: `http://127.0.0.1:${address.port}/hooks/agentloom`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
