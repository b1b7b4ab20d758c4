import type { DatabaseEnums } from '@agentloom/db';
import type { MemoryKind } from '@agentloom/runtime';

export type StoredMemoryKind = DatabaseEnums.MemoryKind;

/** The runtime says `document`; the table stores chunks of documents, one row each. */
export function storedKindOf(kind: MemoryKind): StoredMemoryKind {
  return kind === 'document' ? 'document_chunk' : kind;
}

export function memoryKindOf(kind: StoredMemoryKind): MemoryKind {
  return kind === 'document_chunk' ? 'document' : kind;
}
