'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';

export const runTabs = [
  { id: 'timeline', label: 'Timeline' },
  { id: 'tool-calls', label: 'Tool calls' },
  { id: 'messages', label: 'Messages' },
  { id: 'checkpoints', label: 'Checkpoints' },
  { id: 'events', label: 'Events' },
] as const;

export type RunTab = (typeof runTabs)[number]['id'];

/** The parameters `navigate` owns; it keeps every other one. */
const runPageParameters = ['tab', 'toolCall', 'checkpoint', 'step', 'call'] as const;

/** Which step the side panel shows: `?step=N`, or `?call=ID` (a ledger id or a model call id) for the step that made it. */
export type OpenStep = { step: number } | { call: string } | null;

/**
 * The selected tab, tool call, checkpoint and open step live in the URL, so a link opens the same
 * view (`/runs/<id>?step=42`, `/runs/<id>?call=call_abc`).
 */
export function useRunPageState() {
  const parameters = useSearchParams();
  const pathname = usePathname();
  const tab = runTabs.find((candidate) => candidate.id === parameters.get('tab'))?.id ?? 'timeline';
  const toolCallId = parameters.get('toolCall');
  const checkpointSeq = parameters.get('checkpoint');
  const openStep = parseOpenStep(parameters.get('step'), parameters.get('call'));
  const navigate = useCallback(
    (next: { tab: RunTab; toolCall?: string; checkpoint?: number; step?: number; call?: string }) => {
      // The page's other parameters (the find bar's search and filters) stay as they are.
      const query = new URLSearchParams(window.location.search);
      for (const key of runPageParameters) query.delete(key);
      query.set('tab', next.tab);
      if (next.toolCall) query.set('toolCall', next.toolCall);
      if (next.checkpoint !== undefined) query.set('checkpoint', String(next.checkpoint));
      if (next.step !== undefined) query.set('step', String(next.step));
      if (next.call !== undefined) query.set('call', next.call);
      // The native history API: Next syncs useSearchParams with it and skips the server round trip a
      // router navigation makes for this dynamic page, so a step opens at the speed of its query.
      window.history.replaceState(null, '', `${pathname}?${query.toString()}`);
    },
    [pathname],
  );
  /** Opens a step in the side panel on the timeline (null closes it). */
  const showStep = useCallback((step: number | null) => navigate(step === null ? { tab: 'timeline' } : { tab: 'timeline', step }), [navigate]);
  return { tab, toolCallId, checkpointSeq: checkpointSeq === null ? null : Number(checkpointSeq), openStep, navigate, showStep };
}

function parseOpenStep(step: string | null, call: string | null): OpenStep {
  if (step !== null && /^\d+$/.test(step)) return { step: Number(step) };
  if (call) return { call };
  return null;
}
