/**
 * A short, still distinguishing form of a UUID for chips and labels. Our ids are UUIDv7, whose
 * leading characters are a timestamp shared by everything created in the same minute, so the
 * short form is the random tail.
 */
export function shortId(id: string): string {
  return id.slice(-8);
}
