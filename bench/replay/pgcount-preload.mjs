import pg from 'pg';
const counts = new Map();
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  if (globalThis.__countQueries && text) { const key = text.replace(/\s+/g, ' ').slice(0, 80); counts.set(key, (counts.get(key) ?? 0) + 1); }
  return original.call(this, config, ...rest);
};
globalThis.__pgCounts = counts;
process.on('exit', () => { const list = [...counts].sort((a, b) => b[1] - a[1]); let total = 0; for (const [, c] of list) total += c; console.error('PGCOUNT total', total); for (const [k, c] of list.slice(0, 40)) console.error('PGCOUNT', String(c).padStart(6), k); });
