import stem from 'wink-porter2-stemmer';

// Snowball's English stop list — the one Postgres full-text search uses ('english' configuration,
// tsearch_data/english.stop) — and Porter2, the Snowball English stemmer it uses too: a question that
// shares no stem with its session under these shares no lexeme with it in the product's full-text index.
const snowballStopwords = new Set('i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did doing a an the and but if or because as until while of at by for with about against between into through during before after above below to from up down in out on off over under again further then once here there when where why how all any both each few more most other some such no nor not only own same so than too very s t can will just don should now'.split(' '));

/** Porter2 stems of the words in `text` that are not stopwords, in order with repeats (lower-cased; digits kept as words). */
export function contentTokens(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.filter((word) => !snowballStopwords.has(word)).map((word) => stem(word));
}

/** The distinct content stems of `text`. */
export function contentStems(text: string): Set<string> {
  return new Set(contentTokens(text));
}

/** The content stems `question` shares with any of `texts` — empty for a true paraphrase. */
export function sharedContentStems(question: string, texts: readonly string[]): string[] {
  const asked = contentStems(question);
  const shared = new Set<string>();
  for (const text of texts) for (const word of contentStems(text)) if (asked.has(word)) shared.add(word);
  return [...shared].sort();
}
