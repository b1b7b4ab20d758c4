import type { Route } from 'next';
import type { ReactNode } from 'react';
import { AgentsIcon, ApprovalsIcon, BatchesIcon, DatasetsIcon, MemoryIcon, RunsIcon, SchedulesIcon, SettingsIcon, ThreadsIcon } from '~/components/icons';

export interface NavigationItem {
  label: string;
  href: Route;
  icon: ReactNode;
}

/** The console's top-level sections, in the order an operator reaches for them. */
export const navigationItems: readonly NavigationItem[] = [
  { label: 'Runs', href: '/runs', icon: <RunsIcon /> },
  { label: 'Threads', href: '/threads', icon: <ThreadsIcon /> },
  { label: 'Memory', href: '/memory', icon: <MemoryIcon /> },
  { label: 'Approvals', href: '/approvals', icon: <ApprovalsIcon /> },
  { label: 'Agents', href: '/agents', icon: <AgentsIcon /> },
  { label: 'Schedules', href: '/schedules', icon: <SchedulesIcon /> },
  { label: 'Batches', href: '/batches', icon: <BatchesIcon /> },
  { label: 'Datasets', href: '/datasets', icon: <DatasetsIcon /> },
  { label: 'Settings', href: '/settings', icon: <SettingsIcon /> },
];

/** A section is active on its own page and on every page below it (Settings → Health). */
export function isActiveSection(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
