import { stemmer } from 'stemmer';
import { eng } from 'stopword';

// Question words and fillers that carry no topic: a paraphrase may share these with its answer.
// The stopword package's English list covers articles, pronouns and auxiliaries; these are the
// conversational words it leaves in that would make "no shared content word" too strict to be
// meaningful (every session and question says "what", "did", "we").
const extraStopwords = ['what', 'which', 'who', 'whom', 'when', 'where', 'why', 'how', 'did', 'does', 'do', 'done', 'got', 'get', 'gets', 'one', 'ones', 'anything', 'something', 'us', 'i', 'me', 'my', 'our', 'ok', 'okay'];
const stopwords = new Set([...eng, ...extraStopwords].map((word) => word.toLowerCase()));

/** Porter stems of the words in `text` that are not stopwords (lower-cased, digits kept as words). */
export function contentStems(text: string): Set<string> {
  const words = text.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];
  return new Set(words.filter((word) => !stopwords.has(word) && !stopwords.has(word.replace(/'[a-z]+$/, ''))).map((word) => stemmer(word.replace(/'[a-z]+$/, ''))));
}

/** The content stems `question` shares with any of `texts` — empty for a true paraphrase. */
export function sharedContentStems(question: string, texts: readonly string[]): string[] {
  const asked = contentStems(question);
  const shared = new Set<string>();
  for (const text of texts) for (const stem of contentStems(text)) if (asked.has(stem)) shared.add(stem);
  return [...shared].sort();
}
