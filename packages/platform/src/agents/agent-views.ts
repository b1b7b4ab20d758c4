import type { AgentVersionConfig } from './agent-version-config';

/** An agent as pickers and lists show it. */
export interface AgentSummaryView {
  id: string;
  slug: string;
  name: string;
  description: string;
  /** Newest version number; null for an agent that has no version yet (it cannot run). */
  latestVersion: number | null;
  archived: boolean;
  createdAt: string;
}

/** One immutable version, without its config (history lists). */
export interface AgentVersionSummaryView {
  /** The version row's id: what a run's `agentVersionId` points at. */
  id: string;
  version: number;
  /** sha256 of the canonical JSON of the effective config. */
  configHash: string;
  /** The API key name (or `seed`) that saved it. */
  createdBy: string | null;
  createdAt: string;
}

/**
 * One version with its effective config: defaults applied, model API keys replaced by
 * `redactedSecret` (send that marker back unchanged to keep the stored key), and the credentials in
 * model base URLs shown as `***` (send the URL back unchanged to keep the stored one).
 */
export interface AgentVersionView extends AgentVersionSummaryView {
  agentId: string;
  config: AgentVersionConfig;
}

export interface AgentDetailView extends AgentSummaryView {
  updatedAt: string;
  /** The newest version with its config; null for an agent without versions. */
  latest: AgentVersionView | null;
}

/** What `saveVersion` did: `created` is false when the config equalled the latest version's. */
export interface SavedAgentVersion {
  agent: AgentSummaryView;
  version: AgentVersionView;
  created: boolean;
}
