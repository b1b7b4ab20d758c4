import { describe, expect, it } from 'vitest';

import { createRunInputSchema } from '../runs/run.schema';
import { maxRunInputLength, renderInputTemplate, renderedInputProblem } from './render-input-template';
import { createScheduleInputSchema } from './schedule.schema';

const agentId = '0190d2c4-0000-7000-8000-000000000000';
const slot = new Date('2027-01-01T00:00:00Z');

describe('a schedule’s input template and the run input limit', () => {
  it('refuses at save a template whose placeholders expand past the limit, naming inputTemplate', () => {
    // 6,250 × `{{scheduleName}}` is exactly 100,000 characters; with a 120-character name it renders to 750,000.
    const parsed = createScheduleInputSchema.safeParse({
      name: 'N'.repeat(120),
      agentId,
      timing: { kind: 'interval', intervalSeconds: 60 },
      inputTemplate: '{{scheduleName}}'.repeat(6_250),
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => ({ path: issue.path, message: issue.message }))).toEqual([
      { path: ['inputTemplate'], message: expect.stringContaining('renders to 750,000 characters') as unknown },
    ]);
  });

  it('accepts a template whose longest render fits, and what it accepts fits a run input', () => {
    const timeZone = 'America/Argentina/Rio_Gallegos';
    const local = `{{slotLocal}}`;
    // Each `{{slotLocal}}` renders to "2027-01-01 00:00:00 " plus the zone name.
    const perPlaceholder = 20 + timeZone.length;
    const count = 1_000;
    const filler = 'x'.repeat(maxRunInputLength - count * perPlaceholder);
    const template = `${filler}${local.repeat(count)}`;
    const input = { name: 'n', agentId, timing: { kind: 'cron', cronExpression: '* * * * *', timeZone }, inputTemplate: template };
    expect(createScheduleInputSchema.safeParse(input).success).toBe(true);
    const rendered = renderInputTemplate(template, { slot, timeZone, scheduleName: 'n' });
    expect(rendered.length).toBe(maxRunInputLength);
    expect(createRunInputSchema.shape.input.safeParse(rendered).success).toBe(true);
    expect(createScheduleInputSchema.safeParse({ ...input, inputTemplate: `${template}y` }).success).toBe(false);
  });

  it('leaves an unknown time zone to its own issue instead of throwing while rendering', () => {
    const parsed = createScheduleInputSchema.safeParse({
      name: 'n',
      agentId,
      timing: { kind: 'cron', cronExpression: '* * * * *', timeZone: 'Mars/Olympus' },
      inputTemplate: '{{slotLocal}}',
    });
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['timing.timeZone']);
  });

  it('bounds every slot’s render: the length does not depend on the slot', () => {
    const template = '{{slot}} {{slotLocal}} {{scheduleName}}';
    const lengths = ['2027-01-01T00:00:00Z', '2027-12-31T23:59:59Z', '2099-07-04T12:30:00Z'].map(
      (at) => renderInputTemplate(template, { slot: new Date(at), timeZone: 'Europe/Paris', scheduleName: 'n' }).length,
    );
    expect(new Set(lengths).size).toBe(1);
    expect(renderedInputProblem(template, { timeZone: 'Europe/Paris', scheduleName: 'n' })).toBeUndefined();
  });
});
