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
