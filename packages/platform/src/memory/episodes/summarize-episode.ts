import { isProviderErrorKind } from '@agentloom/runtime';

import type { ModelConnector } from '../../outbound/model-connector';
import type { EpisodeFeedback, EpisodeSource } from './episode-source';

export interface EpisodeSummary {
  content: string;
  /** `extractive/v1`, or `model:<provider:model>` when the agent's model wrote it. */
  summarizer: string;
}

const excerptCharacters = 300;

/**
 * Deterministic, extractive summary: the task, the outcome and excerpts of the key tool results.
 * Used for agents without a model (demo agents) and whenever the model call fails, so every
 * finished run gets an episode.
 */
export function extractiveSummary(source: EpisodeSource): EpisodeSummary {
  const lines = [
    `Task: ${excerpt(source.task)}`,
    `Outcome: ${source.outcome}. ${source.outcome === 'succeeded' ? 'Answer' : 'Error'}: ${excerpt(source.result)}`,
  ];
  if (source.toolResults.length > 0) {
    lines.push('Key tool results:');
    for (const tool of source.toolResults) lines.push(`- ${tool.name}${tool.isError ? ' (failed)' : ''}: ${excerpt(tool.content)}`);
  }
  if (source.feedback.length > 0) {
    // memabra's writeback: what people (or scorers) said about the outcome travels with the episode.
    lines.push('Feedback:');
    for (const entry of source.feedback) lines.push(`- ${feedbackLine(entry)}`);
  }
  return { content: lines.join('\n'), summarizer: 'extractive/v1' };
}

/**
 * A run that failed because of its model provider (down, rate limited, key refused, bad replies)
 * is summarized without asking that provider again: the call would most likely fail the same way
 * and, where it does not, costs the user for a run that gave them nothing. An agent that wants it
 * anyway says so with `memoryWriting.modelSummaryAfterProviderFailure`.
 */
export function failedBecauseOfProvider(source: EpisodeSource): boolean {
  return source.outcome === 'failed' && (isProviderErrorKind(source.errorKind) || source.errorKind === 'model-configuration');
}

/** The agent's model with the `summary` purpose (no tools), falling back to the extractive summary. */
export async function summarizeEpisode(source: EpisodeSource, signal: AbortSignal, models: ModelConnector): Promise<EpisodeSummary> {
  const extractive = extractiveSummary(source);
  const model = source.config?.model;
  if (!model) return extractive;
  if (failedBecauseOfProvider(source) && source.config?.memoryWriting?.modelSummaryAfterProviderFailure !== true) return extractive;
  try {
    // Inside the try: a key that cannot be opened falls back to the extractive summary too.
    const gateway = models.gateway(model);
    const response = await gateway.invoke({
      messages: [
        {
          role: 'system',
          content:
            'Summarize this agent run as a memory for later runs: what was asked, what was decided or found, and the outcome. At most five sentences; keep names, numbers and decisions verbatim.',
        },
        { role: 'user', content: extractive.content },
      ],
      tools: [],
      purpose: 'summary',
      instance: { instanceId: source.runId, step: 0 },
      options: { maxOutputTokens: 400 },
      signal,
    });
    const text = response.text.trim();
    return text === '' ? extractive : { content: text, summarizer: `model:${response.model}` };
  } catch {
    return extractive;
  }
}

/** `resolved, reward 1 (step 2, api): "fixed on first try"`. */
export function feedbackLine(entry: EpisodeFeedback): string {
  const parts = [entry.label, entry.reward === null ? null : `reward ${entry.reward}`].filter((part): part is string => part !== null);
  const where = [entry.stepIndex === null ? null : `step ${entry.stepIndex}`, entry.source].filter((part): part is string => part !== null).join(', ');
  return `${parts.join(', ')} (${where})${entry.comment ? `: ${JSON.stringify(excerpt(entry.comment))}` : ''}`;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= excerptCharacters ? flat : `${flat.slice(0, excerptCharacters - 1)}…`;
}
