'use client';

import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { nextTabIndex } from '~/components/tab-keys';

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
}

interface TabListProps<Id extends string> {
  /** The accessible name of the list, e.g. "Run views". */
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** Prefix of each tab's element id (`<prefix>-<id>`), which the panel's aria-labelledby names. */
  idPrefix: string;
  /** The id of the one tab panel the tabs control. */
  panelId: string;
  className?: string;
}

const tabStyles = {
  selected:
    'shrink-0 -mb-px border-b-2 border-brand-600 px-3 py-2 text-sm font-medium whitespace-nowrap text-brand-700 dark:border-brand-400 dark:text-brand-100',
  other:
    'shrink-0 -mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100',
};

/**
 * A WAI-ARIA tab list: one tab in the Tab order (roving tabindex), arrow keys, Home and End move
 * to and select another tab (the panels render quickly, so selection follows focus). On a narrow
 * screen the list scrolls sideways instead of cutting tabs off or widening the page.
 */
export function TabList<Id extends string>({ label, tabs, selected, onSelect, idPrefix, panelId, className = '' }: TabListProps<Id>) {
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = tabs.findIndex((tab) => tab.id === selected);
    const next = nextTabIndex(event.key, Math.max(current, 0), tabs.length);
    const target = next === null ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${idPrefix}-${target.id}`)}`)?.focus();
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={`flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800 ${className}`}
    >
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          id={`${idPrefix}-${tab.id}`}
          aria-selected={tab.id === selected}
          aria-controls={panelId}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => onSelect(tab.id)}
          className={tab.id === selected ? tabStyles.selected : tabStyles.other}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
