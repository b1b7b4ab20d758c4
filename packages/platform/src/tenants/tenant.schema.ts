import { z } from 'zod';

const slugSchema = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug: lowercase letters, digits and single dashes');

/**
 * A tenant's settings, each nullable (null: keep forever / the instance default). The bounds keep
 * a typo from erasing everything after a day or from disabling the limit in practice.
 */
export const tenantSettingsSchema = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(100),
  /** Finished runs older than this are erased by the retention sweeper; null keeps them. */
  retentionDays: z.number().int().min(1).max(36_500).nullable(),
  /** Requests per minute for each of the tenant's API keys; null uses AGENTLOOM_RATE_LIMIT_PER_MINUTE. */
  rateLimitPerMinute: z.number().int().min(1).max(1_000_000).nullable(),
  /** Requests a key may make at once before the per-minute rate applies; null uses AGENTLOOM_RATE_LIMIT_BURST. */
  rateLimitBurst: z.number().int().min(1).max(1_000_000).nullable(),
});

export const createTenantInputSchema = tenantSettingsSchema.partial().extend({
  slug: slugSchema,
  name: tenantSettingsSchema.shape.name,
});
export type CreateTenantInput = z.input<typeof createTenantInputSchema>;

export const tenantIdInputSchema = z.object({ tenantId: z.uuid() });

/** The settings a change names; the others stay. */
export const tenantChangesSchema = tenantSettingsSchema.partial();

export const updateTenantInputSchema = tenantChangesSchema.extend({ tenantId: z.uuid() }).refine((input) => Object.keys(input).length > 1, {
  message: 'give at least one setting to change (name, retentionDays, rateLimitPerMinute, rateLimitBurst)',
});
export type UpdateTenantInput = z.input<typeof updateTenantInputSchema>;

export const confirmTenantEraseSchema = z.object({ confirmSlug: z.string().min(1, "confirmSlug must repeat the tenant's slug") });
export const eraseTenantInputSchema = confirmTenantEraseSchema.extend({ tenantId: z.uuid() });

export const adminKeyNameSchema = z.object({ name: z.string().trim().min(1, 'name must not be empty').max(100).default('Initial admin key') });
export const mintAdminKeyInputSchema = adminKeyNameSchema.extend({ tenantId: z.uuid() });

/** A tenant as the operator sees it: settings and standing, never any of its data. */
export const tenantViewSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  suspended: z.boolean(),
  suspendedAt: z.iso.datetime().nullable(),
  retentionDays: z.number().int().nullable(),
  rateLimitPerMinute: z.number().int().nullable(),
  rateLimitBurst: z.number().int().nullable(),
  /** Live (not revoked) admin keys: 0 means the operator may mint the first one. */
  activeAdminKeys: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TenantView = z.infer<typeof tenantViewSchema>;

export const tenantListSchema = z.object({ tenants: z.array(tenantViewSchema) });

/** A tenant's admin key just minted by the operator: `key` is shown this once. */
export const mintedAdminKeySchema = z.object({
  tenantId: z.uuid(),
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  role: z.literal('admin'),
  createdAt: z.iso.datetime(),
  key: z.string(),
});
export type MintedAdminKey = z.infer<typeof mintedAdminKeySchema>;
