/**
 * The worker thread's program, as source text (run with `eval: true`), so it needs no file of its
 * own that a bundler would have to find and copy. It loads the model once, on its first request,
 * from the absolute paths the main thread resolved, and answers `{ id, vectors }` or `{ id, error }`.
 * Requests are handled one after another; the main thread batches texts into them.
 */
export const useLiteWorkerSource = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { readFile } = require('node:fs/promises');
const { pathToFileURL } = require('node:url');
const path = require('node:path');

let loading;
function model() {
  loading ??= (async () => {
    const core = require(workerData.core);
    const { initModel } = require(workerData.embeddings);
    const modelUrl = pathToFileURL(path.join(workerData.modelDirectory, 'model.json')).href;
    const source = async () => {
      const [graph, vocabulary] = await Promise.all([
        core.loadGraphModel(modelUrl),
        readFile(path.join(workerData.modelDirectory, 'vocab.json'), 'utf-8').then((text) => JSON.parse(text)),
      ]);
      return { model: graph, vocabulary };
    };
    return initModel(source);
  })();
  // A failed load (memory pressure, a file read that failed) is not remembered: the next request loads again.
  loading.catch(() => { loading = undefined; });
  return loading;
}

let queue = Promise.resolve();
parentPort.on('message', (request) => {
  queue = queue.then(async () => {
    try {
      const loaded = await model();
      const vectors = await loaded.embed(request.texts);
      parentPort.postMessage({ id: request.id, vectors });
    } catch (error) {
      parentPort.postMessage({ id: request.id, error: error && error.message ? error.message : String(error) });
    }
  });
});
`;
