/**
 * Words a query capitalises mid-sentence ("the SLO of the Billing API", "staging Redis",
 * "GraphQL"): the names it asks about. Search checks whether the memory the caller may see holds
 * each of them anywhere; a question naming something never stored ("our MySQL database" when only
 * Postgres was discussed) is less likely to be answered by its nearest look-alike (ADR 0054).
 *
 * Conservative on purpose: the first word of a sentence is never a name (it is capitalised anyway),
 * nor is "I"; a token counts when any letter after its first is uppercase ("GraphQL") or its first
 * letter is. Possessive endings are dropped ("Priya's" → "Priya").
 */
export function queryNames(text: string): string[] {
  const names = new Set<string>();
  // A sentence starts the text or follows . ! ? (a question can hold several).
  for (const sentence of text.split(/[.!?]+\s+/)) {
    const tokens = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
    tokens.slice(1).forEach((token) => {
      const name = token.replace(/['’]s$/u, '').replace(/[-'’]+$/u, '');
      if (name.length > 1 && /\p{Lu}/u.test(name)) names.add(name);
    });
  }
  return [...names];
}
