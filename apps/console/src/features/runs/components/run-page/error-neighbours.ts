/**
 * The error steps "next error" and "previous error" go to from the open step (`selected`; null:
 * none open): the first one after it and the last one before it, wrapping around at the ends.
 * `errorIndexes` are ascending, as the server answers them.
 */
export function errorNeighbours(errorIndexes: readonly number[], selected: number | null): { next: number | undefined; previous: number | undefined } {
  const next = errorIndexes.find((index) => selected === null || index > selected) ?? errorIndexes[0];
  const previous = errorIndexes.findLast((index) => selected === null || index < selected) ?? errorIndexes.at(-1);
  return { next, previous };
}
