// The package ships no types: the part of its API the reference row uses.
declare module 'wink-bm25-text-search' {
  interface Bm25Engine {
    defineConfig(config: { fldWeights: Record<string, number>; bm25Params?: { k1?: number; b?: number; k?: number } }): boolean;
    definePrepTasks(tasks: ((input: string) => string[])[], field?: string): number;
    addDoc(document: Record<string, string>, id: string): number;
    consolidate(precision?: number): boolean;
    /** [id, score] pairs, best first. */
    search(text: string, limit?: number): [string, number][];
  }
  const createEngine: () => Bm25Engine;
  export default createEngine;
}
