/**
 * Lexical features of a text for the hashing embedder: word unigrams, word bigrams and character
 * 3–5-grams of each word (with boundary marks, as fastText does), so "deploy" and "deployment"
 * share features and small typos still overlap. Stopwords carry no topic, so they are dropped.
 */
export interface WeightedFeature {
  feature: string;
  weight: number;
}

const stopwords = new Set(
  'a an and are as at be been but by can could did do does for from had has have how i if in into is it its me my of on or our please so that the their them then there these they this to was we were what when where which who why will with would you your'.split(
    ' ',
  ),
);

/** Lowercased alphanumeric words; apostrophes inside words are dropped ("don't" → "dont"). */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

export function textFeatures(text: string): WeightedFeature[] {
  const words = wordsOf(text).filter((word) => !stopwords.has(word));
  const features: WeightedFeature[] = [];
  for (const word of words) {
    features.push({ feature: `w:${word}`, weight: 1 });
    const grams = characterGrams(`<${word}>`);
    // Spread one unit of weight over a word's character grams so long words do not dominate.
    for (const gram of grams) features.push({ feature: `c:${gram}`, weight: 1 / Math.sqrt(grams.length) });
  }
  for (let index = 0; index + 1 < words.length; index += 1) features.push({ feature: `b:${words[index]} ${words[index + 1]}`, weight: 0.5 });
  return features;
}

function characterGrams(marked: string): string[] {
  const grams: string[] = [];
  for (let size = 3; size <= 5; size += 1) {
    for (let start = 0; start + size <= marked.length; start += 1) grams.push(marked.slice(start, start + size));
  }
  return grams;
}
