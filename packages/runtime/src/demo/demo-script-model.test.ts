import { describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine';

describe('DemoScriptModel', () => {
  it('plays the demoScript from agent config JSON when no model is injected, and survives resume', async () => {
    const config = JSON.parse(
      JSON.stringify({
        mode: 'react',
        approvals: { record_citation: 'always' },
        demoScript: {
          replies: [
            { whenTaskIncludes: 'loom', text: 'Let me cite a source.', toolCalls: [{ name: 'record_citation', arguments: { source: 'https://example.org/loom' } }] },
            { whenTaskIncludes: 'loom', text: 'A loom weaves thread into cloth.' },
          ],
          fallback: 'Demo fallback.',
        },
      }),
    ) as Record<string, unknown>;
    const paused = await createEngine({ config }).execute('What is a loom?');
    expect(paused.next.type).toBe('approval-request');
    const resumed = await createEngine({ config })
      .resume({ checkpoint: paused.checkpoint, messages: paused.transcript, decisions: [{ callId: 'demo-0-0', decision: 'approve' }] })
      .runUntilPause();
    expect(resumed.next).toEqual({ type: 'final-output', output: 'A loom weaves thread into cloth.' });
    expect(paused.checkpoint.bindings.modules['model']).toEqual({ moduleId: 'demo-script-model/v1', config: { replies: 2 } });
    const other = await createEngine({ config }).execute('Something else');
    expect(other.next).toEqual({ type: 'final-output', output: 'Demo fallback.' });
  });
});
