import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parse, parseAllDocuments } from 'yaml';

import { parseTemplate, type TemplateNode } from './template/template-parser';
import { TemplateRenderer } from './template/template-renderer';
import { validateValues } from './validate-values';

/** The AgentLoom chart in this repository (deploy/helm/agentloom). */
export const chartDirectory = fileURLToPath(new URL('../helm/agentloom/', import.meta.url));

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

export interface RenderedObject {
  /** The template file that produced it, e.g. `templates/worker-deployment.yaml`. */
  source: string;
  object: KubernetesObject;
}

export interface RenderOptions {
  /** Values merged over values.yaml the way `helm install -f` / `--set` merge them. */
  values?: Record<string, unknown>;
  releaseName?: string;
  namespace?: string;
  /** `.Release.IsUpgrade`; install otherwise. */
  upgrade?: boolean;
}

/**
 * Renders the chart like `helm template`: values.yaml merged with the overrides, every template under
 * `templates/` (files starting with `_` only define named templates), each YAML document parsed.
 */
export function renderChart(options: RenderOptions = {}, directory = chartDirectory): RenderedObject[] {
  return renderChartFiles(options, directory).objects;
}

/** The chart's objects and its rendered NOTES.txt (what `helm install` prints afterwards). */
export function renderChartFiles(options: RenderOptions = {}, directory = chartDirectory): { objects: RenderedObject[]; notes: string } {
  const chart = parse(readFileSync(join(directory, 'Chart.yaml'), 'utf8')) as Record<string, unknown>;
  const defaults = parse(readFileSync(join(directory, 'values.yaml'), 'utf8')) as Record<string, unknown>;
  const values = mergeValues(defaults, options.values ?? {});
  validateValues(values, directory);
  const chartName = String(chart['name']);
  const templateDirectory = join(directory, 'templates');
  const files = readdirSync(templateDirectory)
    .filter((file) => /\.(ya?ml|tpl|txt)$/.test(file))
    .sort();

  const definitions = new Map<string, TemplateNode[]>();
  for (const file of files) {
    const templateName = `${chartName}/templates/${file}`;
    const parsed = parseTemplate(readFileSync(join(templateDirectory, file), 'utf8'), templateName);
    for (const [name, body] of parsed.definitions) definitions.set(name, body);
    definitions.set(templateName, parsed.body);
  }
  const renderer = new TemplateRenderer(definitions);

  const dataFor = (templateName: string) => ({
    Values: values,
    Chart: { Name: chartName, Version: chart['version'], AppVersion: chart['appVersion'] },
    Release: {
      Name: options.releaseName ?? 'agentloom',
      Namespace: options.namespace ?? 'default',
      Service: 'Helm',
      IsInstall: !options.upgrade,
      IsUpgrade: options.upgrade === true,
    },
    Template: { Name: templateName, BasePath: `${chartName}/templates` },
  });
  const rendered: RenderedObject[] = [];
  for (const file of files.filter((name) => !name.startsWith('_') && /\.ya?ml$/.test(name))) {
    const templateName = `${chartName}/templates/${file}`;
    const text = renderer.render(templateName, dataFor(templateName));
    for (const document of parseAllDocuments(text)) {
      if (document.errors.length > 0) throw new Error(`templates/${file}: rendered YAML does not parse: ${document.errors[0]?.message ?? ''}\n${text}`);
      const object = document.toJS() as KubernetesObject | null;
      if (object !== null) rendered.push({ source: `templates/${basename(file)}`, object });
    }
  }
  const notesName = `${chartName}/templates/NOTES.txt`;
  const notes = definitions.has(notesName) ? renderer.render(notesName, dataFor(notesName)) : '';
  return { objects: rendered, notes };
}

/** Helm's values merge: maps merge key by key, anything else replaces, and `null` deletes a key. */
export function mergeValues(base: Record<string, unknown>, override: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    if (value === null) delete result[key];
    else if (isMap(value) && isMap(current)) result[key] = mergeValues(current, value);
    else result[key] = value;
  }
  return result;
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
