/** What a key pressed on the timeline's focused row does: move the focus to another row, open the row's step, or nothing. */
export type TimelineKeyAction = { move: number } | { open: true } | null;

/**
 * The timeline is one Tab stop (a WAI-ARIA listbox with a roving tabindex): ↑/↓ move one row,
 * Page Up/Down one screenful, Home/End to the first/last row, Enter or Space opens the step.
 * `position` is the focused row's place among `count` rows; a move never leaves the list.
 */
export function timelineKeyAction(key: string, position: number, count: number, pageSize: number): TimelineKeyAction {
  if (count === 0) return null;
  const last = count - 1;
  const clamp = (target: number) => Math.min(last, Math.max(0, target));
  switch (key) {
    case 'ArrowDown':
      return { move: clamp(position + 1) };
    case 'ArrowUp':
      return { move: clamp(position - 1) };
    case 'PageDown':
      return { move: clamp(position + Math.max(1, pageSize)) };
    case 'PageUp':
      return { move: clamp(position - Math.max(1, pageSize)) };
    case 'Home':
      return { move: 0 };
    case 'End':
      return { move: last };
    case 'Enter':
    case ' ':
      return { open: true };
    default:
      return null;
  }
}

/**
 * The row that holds the timeline's one Tab stop: the row the keyboard last focused while the
 * selection has not changed since, else the selected (open) step, else the first row. Returns its
 * position in `rows`, or undefined when there are no rows.
 */
export function timelineTabStop(
  positionOf: ReadonlyMap<number, number>,
  focused: { index: number; selectedIndex: number | null } | null,
  selectedIndex: number | null,
  rowCount: number,
): number | undefined {
  if (focused !== null && focused.selectedIndex === selectedIndex) {
    const position = positionOf.get(focused.index);
    if (position !== undefined) return position;
  }
  const selected = selectedIndex === null ? undefined : positionOf.get(selectedIndex);
  if (selected !== undefined) return selected;
  return rowCount > 0 ? 0 : undefined;
}
