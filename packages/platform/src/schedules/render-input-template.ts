/** The longest run input (characters), as `createRunInputSchema` allows: a scheduled run's input is held to it too. */
export const maxRunInputLength = 100_000;

/** The run input for one slot: `{{slot}}` (ISO 8601, UTC), `{{slotLocal}}` (wall clock in the schedule's zone), `{{scheduleName}}`. */
export function renderInputTemplate(template: string, values: { slot: Date; timeZone: string; scheduleName: string }): string {
  const local = new Intl.DateTimeFormat('sv-SE', {
    timeZone: values.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(values.slot);
  const replacements: Record<string, string> = { slot: values.slot.toISOString(), slotLocal: `${local} ${values.timeZone}`, scheduleName: values.scheduleName };
  // One pass, so a schedule name containing `{{slot}}` is not expanded again.
  return template.replace(/\{\{\s*(slot|slotLocal|scheduleName)\s*\}\}/g, (_match, name: string) => replacements[name] ?? '');
}

/**
 * Why a template is refused at save time, or undefined: the placeholders are filled in after the
 * template's own 100,000-character check, so 6,250 × `{{scheduleName}}` with a 120-character name
 * would make a 750,000-character run at every fire. Every slot renders to the same length (a
 * four-digit year, fixed-width times), so one render with the real name and zone is the bound.
 */
export function renderedInputProblem(template: string, values: { timeZone: string; scheduleName: string }): string | undefined {
  const length = renderInputTemplate(template, { ...values, slot: new Date(Date.UTC(2000, 0, 1)) }).length;
  if (length <= maxRunInputLength) return undefined;
  return `renders to ${length.toLocaleString('en-US')} characters once {{scheduleName}}, {{slot}} and {{slotLocal}} are filled in; a run input is at most ${maxRunInputLength.toLocaleString('en-US')}`;
}
