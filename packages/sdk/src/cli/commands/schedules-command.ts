import type { CreateScheduleInput, Schedule, ScheduleTiming } from '../../types.ts';
import type { CliFlags } from '../cli-context.ts';
import { printResult, UsageError, writeLine, type CommandContext } from '../cli-context.ts';
import { integerFlag } from '../parse-command-line.ts';

const usage =
  'Usage: agentloom schedules list | create <agent> --name "Name" (--cron "0 9 * * 1-5" [--tz Europe/Paris] | --every <seconds>) --input "template" [--overlap skip|queue|cancel-previous] [--catch-up skip|run-once|run-all] | preview <schedule-id> | preview (--cron … | --every …) | pause|resume|delete <schedule-id>  [--limit n]';

/** `schedules list|create|preview|pause|resume|delete`: schedules through the REST API (changes need an operator key). */
export async function schedulesCommand(context: CommandContext): Promise<number> {
  const { client, flags, output } = context;
  const [action, target, ...extra] = context.arguments;
  if (extra.length > 0) throw new UsageError(usage);
  if (action === 'list' && target === undefined) {
    const { schedules } = await client.schedules.list();
    printResult(context, schedules, () => {
      if (schedules.length === 0) writeLine(output.stderr, 'No schedules.');
      for (const schedule of schedules) writeLine(output.stdout, describeSchedule(schedule));
    });
    return 0;
  }
  if (action === 'create' && target) {
    if (!flags.name || !flags.input) throw new UsageError(usage);
    const agent = await client.agents.resolve(target);
    const input: CreateScheduleInput = {
      name: flags.name,
      agentId: agent.id,
      timing: timingFrom(flags),
      inputTemplate: flags.input,
      ...(flags.overlap === undefined ? {} : { overlapPolicy: flags.overlap as CreateScheduleInput['overlapPolicy'] }),
      ...(flags['catch-up'] === undefined ? {} : { catchUpPolicy: flags['catch-up'] as CreateScheduleInput['catchUpPolicy'] }),
    };
    const schedule = await client.schedules.create(input);
    printResult(context, schedule, () => writeLine(output.stdout, `Created ${schedule.name} (${schedule.id}); next fire ${schedule.nextFireAt}`));
    return 0;
  }
  if (action === 'preview') {
    const count = integerFlag(flags.limit, 'limit') ?? 5;
    const preview = target ? await client.schedules.preview(target, count) : await client.schedules.previewTiming(timingFrom(flags), count);
    printResult(context, preview, () => {
      for (const fireTime of preview.fireTimes) writeLine(output.stdout, fireTime);
    });
    return 0;
  }
  if ((action === 'pause' || action === 'resume' || action === 'delete') && target) {
    const schedule = await client.schedules[action](target);
    const done = action === 'pause' ? 'paused' : action === 'resume' ? `resumed; next fire ${schedule.nextFireAt}` : 'deleted';
    printResult(context, schedule, () => writeLine(output.stdout, `${schedule.name} ${done}`));
    return 0;
  }
  throw new UsageError(usage);
}

/** `--cron "expr" [--tz Zone]` or `--every <seconds>`; the server validates both (a bad one is a 400 naming the field). */
function timingFrom(flags: CliFlags): ScheduleTiming {
  if (flags.cron !== undefined && flags.every === undefined) {
    return { kind: 'cron', cronExpression: flags.cron, ...(flags.tz === undefined ? {} : { timeZone: flags.tz }) };
  }
  const every = integerFlag(flags.every, 'every');
  if (every !== undefined && flags.cron === undefined) return { kind: 'interval', intervalSeconds: every };
  throw new UsageError('Give either --cron "expression" (with --tz) or --every <seconds>');
}

function describeSchedule(schedule: Schedule): string {
  const timing = schedule.timing.kind === 'cron' ? `cron "${schedule.timing.cronExpression}" ${schedule.timing.timeZone}` : `every ${schedule.timing.intervalSeconds}s`;
  return `${schedule.id}  ${schedule.paused ? 'paused ' : 'active '}  ${schedule.agentName}  ${timing}  next ${schedule.nextFireAt}  ${schedule.name}`;
}
