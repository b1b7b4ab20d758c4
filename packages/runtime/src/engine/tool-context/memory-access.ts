import type { MemoryAccess } from '../../contracts/tool-context';
import { ValidationError } from '../../errors';
import type { EngineServices } from '../engine-services';

/** Memory scoped to the agent's configured scope; callers may narrow it (thread, user) but not leave the tenant. */
export function createMemoryAccess(services: EngineServices): MemoryAccess {
  const requireMemory = () => {
    if (!services.memory) throw new ValidationError('Memory is not configured for this agent');
    return services.memory;
  };
  return {
    async search(query) {
      const memory = requireMemory();
      return memory.port.search({ ...query, scope: { ...query.scope, ...memory.scope, tenantId: memory.scope.tenantId } });
    },
    async store(item) {
      const memory = requireMemory();
      return memory.port.store({ ...item, scope: { ...item.scope, ...memory.scope, tenantId: memory.scope.tenantId } });
    },
  };
}
