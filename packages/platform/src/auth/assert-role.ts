import { DomainError } from '../errors/domain-error';
import { roleAtLeast, type Principal, type Role } from './roles';

/** Services check roles themselves as well as every transport, so no route can forget it. */
export function assertRole(principal: Principal, required: Role, what: string): void {
  if (!roleAtLeast(principal.role, required)) throw new DomainError('forbidden', `${what} needs the ${required} role; your key has ${principal.role}.`);
}
