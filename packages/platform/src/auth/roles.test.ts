import { describe, expect, it } from 'vitest';

import { DomainError } from '../errors/domain-error';
import { assertRole } from './assert-role';
import { roleAtLeast, type Principal, type Role } from './roles';

const principalWith = (role: Role): Principal => ({ tenantId: 't', tenantName: 'T', apiKeyId: 'k', apiKeyName: 'K', role });

describe('roles', () => {
  // Every pair: a role reaches the ones at or below it, never one above.
  it.each([
    ['viewer', 'viewer', true],
    ['viewer', 'operator', false],
    ['viewer', 'admin', false],
    ['operator', 'viewer', true],
    ['operator', 'operator', true],
    ['operator', 'admin', false],
    ['admin', 'viewer', true],
    ['admin', 'operator', true],
    ['admin', 'admin', true],
  ] as const)('%s reaching %s: %s', (actual, required, expected) => {
    expect(roleAtLeast(actual, required)).toBe(expected);
  });

  it('refuses a principal below the required role with a forbidden error naming both roles and the action', () => {
    const refusal = (() => {
      try {
        assertRole(principalWith('operator'), 'admin', 'Minting a key');
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ kind: 'forbidden', message: 'Minting a key needs the admin role; your key has operator.' });
  });

  it('lets a principal at or above the required role through', () => {
    expect(() => assertRole(principalWith('operator'), 'operator', 'Cancelling a run')).not.toThrow();
    expect(() => assertRole(principalWith('admin'), 'viewer', 'Reading a run')).not.toThrow();
    expect(() => assertRole(principalWith('viewer'), 'operator', 'Cancelling a run')).toThrow(DomainError);
  });
});
