import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { openAiStream } from '@agentloom/runtime/testing';

/** What the provider answers: a call of one tool (with text before it, if given), or text. */
export type ProviderAnswer = { call: { name: string; arguments: Record<string, unknown> }; text?: string } | { text: string };

/** A request as the provider saw it: how many tool results its transcript held, and the call ids it named. */
export interface ProviderRequest {
  toolResults: number;
  answeredWith: string | undefined;
}

export interface FreshCallIdProvider {
  baseURL: string;
  requests: ProviderRequest[];
  close(): Promise<void>;
}

/**
 * A test stand-in for an OpenAI-compatible provider that, as OpenAI (`call_…`) and Anthropic (`toolu_…`)
 * do, names every tool call anew in every response: the same request twice gets two different call ids.
 * `answer` decides from the number of tool results the request's transcript holds.
 */
export async function startFreshCallIdProvider(answer: (toolResults: number) => ProviderAnswer): Promise<FreshCallIdProvider> {
  const requests: ProviderRequest[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    void (async () => {
      const body = (await readJson(request)) as { messages?: { role?: string }[] };
      const toolResults = (body.messages ?? []).filter((message) => message.role === 'tool').length;
      const reply = answer(toolResults);
      const callId = 'call' in reply ? `call_${randomUUID().replaceAll('-', '').slice(0, 24)}` : undefined;
      requests.push({ toolResults, answeredWith: callId });
      const stream =
        'call' in reply
          ? openAiStream({
              ...(reply.text === undefined ? {} : { textDeltas: [reply.text] }),
              toolCalls: [{ id: callId!, name: reply.call.name, argumentFragments: [JSON.stringify(reply.call.arguments)] }],
            })
          : openAiStream({ textDeltas: [reply.text] });
      if (stream.kind !== 'sse') throw new Error('openAiStream returns a stream');
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const event of stream.events) response.write(event);
      response.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.close(() => resolve());
      }),
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : (JSON.parse(text) as unknown);
}
