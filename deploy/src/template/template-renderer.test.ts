import { describe, expect, it } from 'vitest';

import { parseTemplate } from './template-parser';
import { TemplateRenderer } from './template-renderer';

/** Renders one template source the way renderChart renders a chart file (its defines included). */
function render(source: string, data: unknown = {}, helpers = ''): string {
  const main = parseTemplate(source, 'test.yaml');
  const definitions = new Map([...parseTemplate(helpers, '_helpers.tpl').definitions, ...main.definitions, ['test.yaml', main.body]]);
  return new TemplateRenderer(definitions).render('test.yaml', data);
}

describe('the chart template renderer (a Go text/template subset with Helm functions)', () => {
  it('trims whitespace on the side of a dash, as Go does', () => {
    expect(render('a:\n  {{- " b" }}\nc: {{ "d" -}}\n\n  e')).toBe('a: b\nc: de');
  });

  it('follows if / else if / else with Go truthiness (empty maps, lists, strings and zero are false)', () => {
    const template = '{{ if .a }}a{{ else if .b }}b{{ else }}none{{ end }}';
    expect(render(template, { a: 1 })).toBe('a');
    expect(render(template, { a: {}, b: 'x' })).toBe('b');
    expect(render(template, { a: [], b: 0 })).toBe('none');
    expect(render('{{ if and .a .b }}yes{{ else }}no{{ end }}', { a: true, b: null })).toBe('no');
    expect(render('{{ or .a .b }}', { a: '', b: 'second' })).toBe('second');
  });

  it('ranges over lists and over maps in sorted key order, with variables', () => {
    expect(render('{{ range $index, $value := .items }}{{ $index }}={{ $value }};{{ end }}', { items: ['x', 'y'] })).toBe('0=x;1=y;');
    expect(render('{{ range $key, $value := .map }}{{ $key }}={{ $value }};{{ else }}empty{{ end }}', { map: { b: 2, a: 1 } })).toBe('a=1;b=2;');
    expect(render('{{ range .map }}x{{ else }}empty{{ end }}', { map: {} })).toBe('empty');
  });

  it('rebinds the dot inside with, and keeps $ as the root', () => {
    expect(render('{{ with .inner }}{{ .name }}/{{ $.top }}{{ end }}', { inner: { name: 'n' }, top: 't' })).toBe('n/t');
  });

  it('pipes the previous value in as the last argument, and includes named templates with any data', () => {
    const helpers = '{{- define "pair" -}}{{ .key }}: {{ .value | quote }}{{- end -}}';
    expect(render('{{ include "pair" (dict "key" "k" "value" 5) | nindent 2 }}', {}, helpers)).toBe('\n  k: "5"');
    expect(render('{{ .m | toYaml | nindent 4 }}', { m: { a: [1, 2] } })).toBe('\n    a:\n      - 1\n      - 2');
    expect(render('{{ printf "%s-%s" .a .b | trunc 5 | trimSuffix "-" }}', { a: 'abcd', b: 'ef' })).toBe('abcd');
    expect(render('{{ default "fallback" .missing }}', {})).toBe('fallback');
  });

  it('prints numbers as Helm prints float64 values (e-notation from a million up)', () => {
    expect(render('{{ .a }} {{ .b | quote }} {{ .c }} {{ .d }}', { a: 30000, b: 1000000, c: 3600000, d: 0.5 })).toBe('30000 "1e+06" 3.6e+06 0.5');
  });

  it('fails instead of printing <no value>, so a misspelt values key cannot render a blank field', () => {
    expect(() => render('name: {{ .Values.nmae }}', { Values: { name: 'x' } })).toThrow(/<no value>/);
    expect(() => render('{{ .Values.a.b }}', { Values: {} })).toThrow(/nil pointer evaluating \.Values\.a\.b/);
    expect(() => render('{{ required "set it" .x }}', {})).toThrow(/set it/);
  });

  it('refuses what it does not implement rather than guessing', () => {
    expect(() => render('{{ lookup "v1" "Secret" "ns" "name" }}')).toThrow(/function "lookup" is not supported/);
    expect(() => render('{{ template "x" . }}')).toThrow(/"template" is not supported/);
    expect(() => render('{{ if .a }}open')).toThrow(/missing \{\{ end \}\}/);
    expect(() => render('{{ .m }}', { m: { a: 1 } })).toThrow(/pipe it through toYaml/);
  });
});
