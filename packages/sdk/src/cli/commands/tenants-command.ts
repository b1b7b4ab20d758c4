import type { Tenant, TenantSettings } from '../../types.ts';
import { printResult, UsageError, writeLine, type CliFlags, type OperatorCommandContext } from '../cli-context.ts';
import { nullableIntegerFlag } from '../parse-command-line.ts';

const usage =
  'Usage: agentloom tenants list | create <slug> --name "Name" [settings] | get <id> | update <id> [settings] | suspend|resume <id> | admin-key <id> [--name "Key name"] | erase <id> --confirm <slug>';

/** `tenants …` with the instance operator key: the instance's tenants, their settings and first admin key. */
export async function tenantsCommand(context: OperatorCommandContext): Promise<number> {
  const { client, flags, output } = context;
  const [action, target, ...extra] = context.arguments;
  if (extra.length > 0) throw new UsageError(usage);
  const show = (tenant: Tenant) => printResult(context, tenant, () => writeLine(output.stdout, describeTenant(tenant)));
  if (action === 'list' && target === undefined) {
    const tenants = await client.tenants.list();
    printResult(context, tenants, () => {
      for (const tenant of tenants) writeLine(output.stdout, describeTenant(tenant));
    });
    return 0;
  }
  if (!target) throw new UsageError(usage);
  if (action === 'create') {
    if (!flags.name) throw new UsageError(usage);
    show(await client.tenants.create({ ...settingsFrom(flags), slug: target, name: flags.name }));
    return 0;
  }
  if (action === 'get') show(await client.tenants.get(target));
  else if (action === 'update') show(await client.tenants.update(target, settingsFrom(flags)));
  else if (action === 'suspend') show(await client.tenants.suspend(target));
  else if (action === 'resume') show(await client.tenants.resume(target));
  else if (action === 'admin-key') {
    const minted = await client.tenants.mintAdminKey(target, flags.name);
    printResult(context, minted, () => {
      writeLine(output.stderr, `Admin key "${minted.name}" for tenant ${minted.tenantId} (shown once; store it now):`);
      writeLine(output.stdout, minted.key);
    });
  } else if (action === 'erase') {
    if (!flags.confirm) throw new UsageError('Usage: agentloom tenants erase <tenant-id> --confirm <tenant-slug>');
    const receipt = await client.tenants.erase(target, flags.confirm);
    printResult(context, receipt, () => {
      writeLine(output.stdout, `Erased tenant ${receipt.id} at ${receipt.erasedAt}`);
      for (const [table, rows] of Object.entries(receipt.counts)) writeLine(output.stdout, `  ${table.padEnd(20)} ${rows}`);
    });
  } else throw new UsageError(usage);
  return 0;
}

function settingsFrom(flags: CliFlags): TenantSettings {
  const settings: TenantSettings = {};
  if (flags.name !== undefined) settings.name = flags.name;
  const retentionDays = nullableIntegerFlag(flags['retention-days'], 'retention-days');
  if (retentionDays !== undefined) settings.retentionDays = retentionDays;
  const perMinute = nullableIntegerFlag(flags['rate-limit-per-minute'], 'rate-limit-per-minute');
  if (perMinute !== undefined) settings.rateLimitPerMinute = perMinute;
  const burst = nullableIntegerFlag(flags['rate-limit-burst'], 'rate-limit-burst');
  if (burst !== undefined) settings.rateLimitBurst = burst;
  return settings;
}

function describeTenant(tenant: Tenant): string {
  const limits = `${tenant.rateLimitPerMinute ?? 'default'}/min burst ${tenant.rateLimitBurst ?? 'default'}`;
  const retention = tenant.retentionDays === null ? 'keep forever' : `${tenant.retentionDays} days`;
  return `${tenant.id}  ${tenant.slug}  ${tenant.suspended ? 'SUSPENDED' : 'active'}  retention ${retention}  rate ${limits}  admin keys ${tenant.activeAdminKeys}  ${tenant.name}`;
}
