import { randomUUID } from 'node:crypto';

import { defineTool, type AnyTool } from '@agentloom/runtime';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { DomainError } from '../errors/domain-error';
import { ToolCatalog } from '../tools/tool-catalog';
import { parseInput } from '../validation/parse-input';
import { decideApprovalInputSchema, maximumEditedArgumentsBytes } from './approval.schema';
import { EditedArgumentsCheck } from './edited-arguments-check';

const payTool = defineTool({
  name: 'pay',
  description: 'pays an amount',
  implementationId: 'check-tools/v1/pay',
  inputSchema: z.object({ amount: z.number().int().positive(), to: z.object({ iban: z.string().min(15) }) }),
  sideEffects: 'unsafe',
  execute: () => Promise.resolve({ content: 'paid' }),
});

/** A tool module's tool: plain JSON Schema, as loaded from AGENTLOOM_TOOL_MODULES. */
const ticketTool: AnyTool = {
  name: 'create_ticket',
  description: 'opens a ticket',
  implementationId: 'check-tools/v1/create_ticket',
  inputSchema: { type: 'object', properties: { title: { type: 'string', minLength: 1 } }, required: ['title'] },
  sideEffects: 'unsafe',
  execute: () => Promise.resolve({ content: 'opened' }),
};

const check = new EditedArgumentsCheck(new ToolCatalog([payTool, ticketTool]));
const valid = { amount: 5, to: { iban: 'DE89370400440532013000' } };

function refusal(run: () => void): { kind: string; field: string | undefined; message: string } | 'accepted' {
  try {
    run();
    return 'accepted';
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { kind: error.kind, field: error.field, message: error.message };
  }
}

describe('edited arguments against the tool they edit', () => {
  it("accept what fits the catalog tool's schema", () => {
    expect(refusal(() => check.assertFits(payTool, valid))).toBe('accepted');
  });

  it('refuse what does not, naming the first field inside `arguments` and every problem', () => {
    expect(refusal(() => check.assertFits(payTool, { amount: -500, to: { iban: 'short' } }))).toEqual({
      kind: 'validation',
      field: 'arguments.amount',
      message: expect.stringMatching(
        /^arguments\.amount: .+; arguments\.to\.iban: .+ — the edited arguments must fit the input schema of tool "pay"$/,
      ) as string,
    });
    expect(refusal(() => check.assertFits(payTool, { amount: 5 }))).toMatchObject({ kind: 'validation', field: 'arguments.to' });
  });

  it('name at most five problems and count the rest', () => {
    const wide = new EditedArgumentsCheck(
      new ToolCatalog([
        defineTool({
          name: 'tag',
          description: 'tags',
          implementationId: 'check-tools/v1/tag',
          inputSchema: z.object({ tags: z.array(z.number()) }),
          sideEffects: 'none',
          execute: () => Promise.resolve({ content: '' }),
        }),
      ]),
    );
    const outcome = refusal(() => wide.assertFits({ name: 'tag', implementationId: 'check-tools/v1/tag' }, { tags: Array.from({ length: 1_000 }, () => 'x') }));
    expect(outcome).toMatchObject({ field: 'arguments.tags.0' });
    expect(outcome !== 'accepted' && outcome.message).toMatch(/arguments\.tags\.4: .* \(and 995 more\) — /);
  });

  it('check JSON Schema tools as the runtime does', () => {
    expect(refusal(() => check.assertFits(ticketTool, { title: 'Printer on fire' }))).toBe('accepted');
    expect(refusal(() => check.assertFits(ticketTool, { title: '' }))).toMatchObject({ kind: 'validation', field: 'arguments.title' });
  });

  it("check the runtime's built-ins, by their recorded implementation id", () => {
    expect(refusal(() => check.assertFits({ name: 'delegate', implementationId: 'builtin-tools/v1/delegate' }, { agent: 'payer', task: 'pay' }))).toBe(
      'accepted',
    );
    expect(refusal(() => check.assertFits({ name: 'delegate', implementationId: 'builtin-tools/v1/delegate' }, { agent: 'payer' }))).toMatchObject({
      kind: 'validation',
      field: 'arguments.task',
    });
    expect(refusal(() => check.assertFits({ name: 'sleep', implementationId: 'builtin-tools/v1/sleep' }, { seconds: 'soon' }))).toMatchObject({
      kind: 'validation',
      field: 'arguments.seconds',
    });
  });

  it('accept edits of tools whose schema the platform does not hold (MCP, another implementation): the engine checks them on resume', () => {
    expect(refusal(() => check.assertFits({ name: 'mcp.github.search', implementationId: 'mcp/github/search' }, { anything: true }))).toBe('accepted');
    expect(refusal(() => check.assertFits({ name: 'pay', implementationId: 'check-tools/v2/pay' }, { amount: -500 }))).toBe('accepted');
    // Without a catalog (services built for tests), only the built-ins are known.
    expect(refusal(() => new EditedArgumentsCheck().assertFits(payTool, { amount: -500 }))).toBe('accepted');
  });
});

describe('the decision body bounds edited arguments', () => {
  const edit = (editedArguments: Record<string, unknown>) => () =>
    parseInput(decideApprovalInputSchema, { approvalId: randomUUID(), decision: 'edit', arguments: editedArguments });

  it(`to ${maximumEditedArgumentsBytes} bytes of JSON, reported on \`arguments\``, () => {
    const room = maximumEditedArgumentsBytes - JSON.stringify({ note: '' }).length;
    expect(refusal(edit({ note: 'a'.repeat(room) }))).toBe('accepted');
    expect(refusal(edit({ note: 'a'.repeat(room + 1) }))).toEqual({
      kind: 'validation',
      field: 'arguments',
      message: expect.stringMatching(/^arguments: at most 262144 bytes of JSON/) as string,
    });
    // Bytes, not characters: "é" is two.
    expect(refusal(edit({ note: 'é'.repeat(Math.ceil(room / 2) + 1) }))).toMatchObject({ field: 'arguments' });
  });

  it('and refuses nesting too deep to write back as JSON, instead of failing with an internal error', () => {
    const depth = 20_000;
    const deep = JSON.parse(`{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`) as Record<string, unknown>;
    // parseInput refuses it before the schema walks it (ADR 0010), naming the field like any other refusal.
    const refused = refusal(edit(deep));
    expect(refused).toMatchObject({ kind: 'validation', field: 'arguments' });
    expect(refused === 'accepted' ? '' : refused.message).toContain('arguments: objects and arrays must not be nested more than 64 levels deep');
  });
});
