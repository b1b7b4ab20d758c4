import type { Database, Prisma } from '@agentloom/db';

import { recordAudit } from '../audit/record-audit';
import { roleAtLeast, type Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import { removeModelPriceInputSchema, setModelPriceInputSchema } from './model-price.schema';
import type { ModelPriceView } from './model-price-view';

const priceSelect = { provider: true, model: true, inputUsdPerMillion: true, outputUsdPerMillion: true, cachedInputUsdPerMillion: true, updatedAt: true } as const;
type PriceRow = Prisma.ModelPriceGetPayload<{ select: typeof priceSelect }>;

/**
 * The tenant's price table (ADR 0057): prices per provider and model for model configs without their
 * own `pricing`. Any role reads it; setting and removing a price needs the admin role and is
 * audit-logged in the same transaction. A change applies to runs that start (or resume) afterwards.
 */
export class ModelPriceService {
  constructor(private readonly database: Database) {}

  async list(principal: Principal): Promise<ModelPriceView[]> {
    const rows = await this.database.prisma.modelPrice.findMany({ where: { tenantId: principal.tenantId }, select: priceSelect, orderBy: [{ provider: 'asc' }, { model: 'asc' }] });
    return rows.map(toView);
  }

  async set(principal: Principal, rawInput: unknown): Promise<ModelPriceView[]> {
    assertAdmin(principal);
    const input = parseInput(setModelPriceInputSchema, rawInput);
    await this.database.prisma.$transaction(async (transaction) => {
      const key = { tenantId_provider_model: { tenantId: principal.tenantId, provider: input.provider, model: input.model } };
      const before = await transaction.modelPrice.findUnique({ where: key, select: priceSelect });
      const prices = { inputUsdPerMillion: input.inputUsdPerMillion, outputUsdPerMillion: input.outputUsdPerMillion, cachedInputUsdPerMillion: input.cachedInputUsdPerMillion };
      await transaction.modelPrice.upsert({ where: key, create: { tenantId: principal.tenantId, provider: input.provider, model: input.model, ...prices }, update: prices });
      await recordAudit(transaction, principal, {
        action: 'model-price.set',
        targetType: 'model-price',
        targetId: `${input.provider}/${input.model}`,
        ...(before ? { before: pricesJson(toView(before)) } : {}),
        after: prices,
      });
    });
    return this.list(principal);
  }

  async remove(principal: Principal, rawInput: unknown): Promise<ModelPriceView[]> {
    assertAdmin(principal);
    const input = parseInput(removeModelPriceInputSchema, rawInput);
    await this.database.prisma.$transaction(async (transaction) => {
      const key = { tenantId_provider_model: { tenantId: principal.tenantId, provider: input.provider, model: input.model } };
      const before = await transaction.modelPrice.findUnique({ where: key, select: priceSelect });
      // Removing a price that is not set changes nothing: DELETE stays idempotent.
      if (!before) return;
      await transaction.modelPrice.delete({ where: key });
      await recordAudit(transaction, principal, { action: 'model-price.remove', targetType: 'model-price', targetId: `${input.provider}/${input.model}`, before: pricesJson(toView(before)) });
    });
    return this.list(principal);
  }
}

function toView(row: PriceRow): ModelPriceView {
  return {
    provider: row.provider,
    model: row.model,
    inputUsdPerMillion: Number(row.inputUsdPerMillion),
    outputUsdPerMillion: Number(row.outputUsdPerMillion),
    cachedInputUsdPerMillion: row.cachedInputUsdPerMillion === null ? null : Number(row.cachedInputUsdPerMillion),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function pricesJson(view: ModelPriceView): Prisma.InputJsonObject {
  return { inputUsdPerMillion: view.inputUsdPerMillion, outputUsdPerMillion: view.outputUsdPerMillion, cachedInputUsdPerMillion: view.cachedInputUsdPerMillion };
}

function assertAdmin(principal: Principal): void {
  if (!roleAtLeast(principal.role, 'admin')) throw new DomainError('forbidden', `Managing model prices needs the admin role; your key has ${principal.role}.`);
}
