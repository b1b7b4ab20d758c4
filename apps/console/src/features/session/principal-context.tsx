'use client';

import type { Role } from '@agentloom/platform';
import { createContext, useContext, type ReactNode } from 'react';

const RoleContext = createContext<Role>('viewer');
const ApiKeyIdContext = createContext<string | null>(null);

/**
 * The signed-in key's role, for hiding actions the server would refuse anyway (the procedures
 * check the role again; this only keeps viewers from seeing buttons that cannot work).
 */
export function RoleProvider({ role, apiKeyId, children }: { role: Role; apiKeyId: string; children: ReactNode }) {
  return (
    <RoleContext.Provider value={role}>
      <ApiKeyIdContext.Provider value={apiKeyId}>{children}</ApiKeyIdContext.Provider>
    </RoleContext.Provider>
  );
}

/** The id of the API key this session signed in with (a key cannot revoke itself, so its row offers no Revoke). */
export function useSignedInApiKeyId(): string | null {
  return useContext(ApiKeyIdContext);
}

/** True for operators and admins: start, cancel and approve runs. */
export function useCanOperate(): boolean {
  const role = useContext(RoleContext);
  return role === 'operator' || role === 'admin';
}

/** True for admins only: agents, API keys, the audit log. */
export function useIsAdmin(): boolean {
  return useContext(RoleContext) === 'admin';
}
