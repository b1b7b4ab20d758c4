'use client';

import type { KeyboardEvent } from 'react';

/**
 * ArrowUp/ArrowDown (and Home/End) move focus between the items of a list marked with
 * `data-list-item`, so a long list is walked without tabbing through every control in it.
 */
export function handleArrowNavigation(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-list-item]'));
  if (items.length === 0) return;
  const current = items.findIndex((item) => item === document.activeElement);
  const next =
    event.key === 'Home' ? 0
    : event.key === 'End' ? items.length - 1
    : event.key === 'ArrowDown' ? Math.min(items.length - 1, current + 1)
    : Math.max(0, current - 1);
  event.preventDefault();
  items[next]?.focus();
}
