import type { MemoryHit, MemoryPort, MemoryScope, MemorySearchQuery, NewMemoryItem } from '@agentloom/runtime';

/**
 * Test helper: the runtime's conformance suite names tenants (`tenant-1`); the database needs real
 * tenant rows (uuid, foreign key). This decorator maps names to ids on the way in and back out, and
 * changes nothing else, so the suite still tests the port itself.
 */
export class TenantNamesPort implements MemoryPort {
  constructor(
    private readonly port: MemoryPort,
    private readonly tenantIds: ReadonlyMap<string, string>,
  ) {}

  async search(query: MemorySearchQuery): Promise<MemoryHit[]> {
    const hits = await this.port.search({ ...query, scope: this.toIds(query.scope) });
    return hits.map((hit) => ({ ...hit, item: { ...hit.item, scope: this.toNames(hit.item.scope) } }));
  }

  store(item: NewMemoryItem): Promise<{ id: string }> {
    return this.port.store({ ...item, scope: this.toIds(item.scope) });
  }

  forget(id: string): Promise<boolean> {
    return this.port.forget(id);
  }

  private toIds(scope: MemoryScope): MemoryScope {
    const tenantId = this.tenantIds.get(scope.tenantId);
    if (!tenantId) throw new Error(`Unknown test tenant ${scope.tenantId}`);
    return { ...scope, tenantId };
  }

  private toNames(scope: MemoryScope): MemoryScope {
    const name = [...this.tenantIds].find(([, id]) => id === scope.tenantId)?.[0];
    return { ...scope, tenantId: name ?? scope.tenantId };
  }
}
