/**
 * Parser for the subset of Go's text/template that the AgentLoom chart uses. The `helm` binary cannot
 * be installed on every machine that runs `npm test`, so the chart is rendered here instead (ADR
 * 0047). Anything outside the subset is a parse error, never a silent mis-render: a template that
 * uses more of Go templates than this file knows fails the chart test and names the construct.
 */

export type Operand =
  | { type: 'field'; root: 'dot' | 'variable'; variable?: string; path: string[] }
  | { type: 'string'; value: string }
  | { type: 'number'; value: number }
  | { type: 'boolean'; value: boolean }
  | { type: 'nil' }
  | { type: 'pipeline'; pipeline: Pipeline };

/** One command of a pipeline: a function name with arguments, or a single operand. */
export type Command = { type: 'call'; name: string; arguments: Operand[] } | { type: 'operand'; operand: Operand };

export interface Pipeline {
  commands: Command[];
  /** `$a := …` / `$a = …`, or for range `$key, $value := …`. */
  declarations: string[];
}

export type TemplateNode =
  | { type: 'text'; text: string }
  | { type: 'output'; pipeline: Pipeline }
  | { type: 'if'; branches: { condition: Pipeline; body: TemplateNode[] }[]; otherwise: TemplateNode[] }
  | { type: 'range'; pipeline: Pipeline; body: TemplateNode[]; otherwise: TemplateNode[] }
  | { type: 'with'; pipeline: Pipeline; body: TemplateNode[]; otherwise: TemplateNode[] };

export interface ParsedTemplate {
  body: TemplateNode[];
  /** Named templates declared with `{{ define "name" }}`. */
  definitions: Map<string, TemplateNode[]>;
}

interface RawAction {
  type: 'action';
  source: string;
  line: number;
}

/** Splits the source into text and actions, applying the `{{-` / `-}}` whitespace trimming. */
function scan(source: string, fileName: string): (RawAction | { type: 'text'; text: string })[] {
  const pieces: (RawAction | { type: 'text'; text: string })[] = [];
  let position = 0;
  let trimNextText = false;
  while (position < source.length) {
    const start = source.indexOf('{{', position);
    let text = source.slice(position, start === -1 ? source.length : start);
    if (trimNextText) text = text.replace(/^\s+/, '');
    if (start === -1) {
      pieces.push({ type: 'text', text });
      break;
    }
    const end = source.indexOf('}}', start);
    if (end === -1) throw new Error(`${fileName}: unclosed action at line ${lineOf(source, start)}`);
    let inner = source.slice(start + 2, end);
    if (/^-\s/.test(inner)) {
      text = text.replace(/\s+$/, '');
      inner = inner.slice(1);
    }
    trimNextText = /\s-$/.test(inner);
    if (trimNextText) inner = inner.slice(0, -1);
    pieces.push({ type: 'text', text });
    const trimmed = inner.trim();
    // Comments produce nothing (and must be the whole action, as in Go).
    if (!(trimmed.startsWith('/*') && trimmed.endsWith('*/'))) pieces.push({ type: 'action', source: trimmed, line: lineOf(source, start) });
    position = end + 2;
  }
  return pieces;
}

function lineOf(source: string, offset: number): number {
  return source.slice(0, offset).split('\n').length;
}

type Token = { kind: 'string' | 'number' | 'field' | 'variable' | 'identifier' | 'open' | 'close' | 'pipe' | 'declare' | 'assign' | 'comma'; text: string };

function tokenize(action: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /\s*(?:("(?:[^"\\]|\\.)*"|`[^`]*`)|(-?\d+(?:\.\d+)?)|(\$[A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)|(\.(?:[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)?)|([A-Za-z_][A-Za-z0-9_]*)|(\()|(\))|(\|)|(:=)|(=)|(,))/y;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < action.length && (match = pattern.exec(action)) !== null) {
    const [, quoted, number, variable, field, identifier, open, close, pipe, declare, assign, comma] = match;
    if (quoted !== undefined) tokens.push({ kind: 'string', text: quoted });
    else if (number !== undefined) tokens.push({ kind: 'number', text: number });
    else if (variable !== undefined) tokens.push({ kind: 'variable', text: variable });
    else if (field !== undefined) tokens.push({ kind: 'field', text: field });
    else if (identifier !== undefined) tokens.push({ kind: 'identifier', text: identifier });
    else if (open !== undefined) tokens.push({ kind: 'open', text: open });
    else if (close !== undefined) tokens.push({ kind: 'close', text: close });
    else if (pipe !== undefined) tokens.push({ kind: 'pipe', text: pipe });
    else if (declare !== undefined) tokens.push({ kind: 'declare', text: declare });
    else if (assign !== undefined) tokens.push({ kind: 'assign', text: assign });
    else if (comma !== undefined) tokens.push({ kind: 'comma', text: comma });
  }
  if (action.slice(pattern.lastIndex).trim() !== '') throw new Error(`cannot read "${action.slice(pattern.lastIndex).trim()}" in {{ ${action} }}`);
  return tokens;
}

class PipelineReader {
  private index = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly action: string,
  ) {}

  readPipeline(allowDeclarations: boolean): Pipeline {
    const declarations: string[] = [];
    const declarationEnd = this.tokens.findIndex((token) => token.kind === 'declare' || token.kind === 'assign');
    if (declarationEnd !== -1 && allowDeclarations) {
      for (const token of this.tokens.slice(0, declarationEnd)) {
        if (token.kind === 'variable') declarations.push(token.text);
        else if (token.kind !== 'comma') throw new Error(`bad declaration in {{ ${this.action} }}`);
      }
      this.index = declarationEnd + 1;
    }
    const commands: Command[] = [this.readCommand()];
    while (this.peek()?.kind === 'pipe') {
      this.index += 1;
      commands.push(this.readCommand());
    }
    return { commands, declarations };
  }

  finished(): boolean {
    return this.index >= this.tokens.length;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private readCommand(): Command {
    const first = this.peek();
    if (first === undefined) throw new Error(`missing value in {{ ${this.action} }}`);
    if (first.kind === 'identifier' && !['true', 'false', 'nil'].includes(first.text)) {
      this.index += 1;
      const operands: Operand[] = [];
      while (this.peek() !== undefined && this.peek()?.kind !== 'pipe' && this.peek()?.kind !== 'close') operands.push(this.readOperand());
      return { type: 'call', name: first.text, arguments: operands };
    }
    const operand = this.readOperand();
    if (this.peek() !== undefined && this.peek()?.kind !== 'pipe' && this.peek()?.kind !== 'close')
      throw new Error(`unexpected "${this.peek()?.text}" in {{ ${this.action} }}`);
    return { type: 'operand', operand };
  }

  private readOperand(): Operand {
    const token = this.tokens[this.index];
    this.index += 1;
    if (token === undefined) throw new Error(`missing operand in {{ ${this.action} }}`);
    switch (token.kind) {
      case 'string':
        return { type: 'string', value: token.text.startsWith('`') ? token.text.slice(1, -1) : (JSON.parse(token.text) as string) };
      case 'number':
        return { type: 'number', value: Number(token.text) };
      case 'field':
        return { type: 'field', root: 'dot', path: token.text === '.' ? [] : token.text.slice(1).split('.') };
      case 'variable': {
        const [name = '$', ...path] = token.text.split('.');
        return { type: 'field', root: 'variable', variable: name, path };
      }
      case 'identifier':
        if (token.text === 'nil') return { type: 'nil' };
        if (token.text === 'true' || token.text === 'false') return { type: 'boolean', value: token.text === 'true' };
        // A function with no arguments used as an operand.
        return { type: 'pipeline', pipeline: { commands: [{ type: 'call', name: token.text, arguments: [] }], declarations: [] } };
      case 'open': {
        const pipeline = this.readPipeline(false);
        if (this.tokens[this.index]?.kind !== 'close') throw new Error(`missing ")" in {{ ${this.action} }}`);
        this.index += 1;
        return { type: 'pipeline', pipeline };
      }
      default:
        throw new Error(`unexpected "${token.text}" in {{ ${this.action} }}`);
    }
  }
}

export function parsePipeline(action: string, allowDeclarations = true): Pipeline {
  const reader = new PipelineReader(tokenize(action), action);
  const pipeline = reader.readPipeline(allowDeclarations);
  if (!reader.finished()) throw new Error(`unexpected text after the pipeline in {{ ${action} }}`);
  return pipeline;
}

/** Parses one template file; `define` blocks are collected into `definitions`. */
export function parseTemplate(source: string, fileName: string): ParsedTemplate {
  const pieces = scan(source, fileName);
  const definitions = new Map<string, TemplateNode[]>();
  let index = 0;

  // Reads nodes until one of `stopWords` (else / end) and returns which word stopped it.
  const readBlock = (stopWords: string[]): { nodes: TemplateNode[]; stop: RawAction | undefined } => {
    const nodes: TemplateNode[] = [];
    while (index < pieces.length) {
      const piece = pieces[index]!;
      index += 1;
      if (piece.type === 'text') {
        if (piece.text !== '') nodes.push({ type: 'text', text: piece.text });
        continue;
      }
      const keyword = /^([a-z]+)\b/.exec(piece.source)?.[1] ?? '';
      try {
        if (stopWords.includes(keyword)) return { nodes, stop: piece };
        if (keyword === 'if') nodes.push(readIf(piece.source.slice(2)));
        else if (keyword === 'range' || keyword === 'with') {
          const pipeline = parsePipeline(piece.source.slice(keyword.length));
          const body = readBlock(['else', 'end']);
          const otherwise = body.stop?.source === 'else' ? readBlock(['end']).nodes : [];
          nodes.push({ type: keyword, pipeline, body: body.nodes, otherwise });
        } else if (keyword === 'define') {
          const name = JSON.parse(piece.source.slice('define'.length).trim()) as string;
          definitions.set(name, readBlock(['end']).nodes);
        } else if (['else', 'end', 'block', 'template', 'break', 'continue'].includes(keyword)) {
          throw new Error(`"${keyword}" is not supported here`);
        } else nodes.push({ type: 'output', pipeline: parsePipeline(piece.source) });
      } catch (error) {
        throw new Error(`${fileName}:${piece.line}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    }
    if (stopWords.length > 0) throw new Error(`${fileName}: missing {{ end }}`);
    return { nodes, stop: undefined };
  };

  const readIf = (condition: string): TemplateNode => {
    const branches: { condition: Pipeline; body: TemplateNode[] }[] = [];
    let current = parsePipeline(condition, false);
    for (;;) {
      const block = readBlock(['else', 'end']);
      branches.push({ condition: current, body: block.nodes });
      const stop = block.stop?.source ?? '';
      if (stop.startsWith('else if ')) {
        current = parsePipeline(stop.slice('else if'.length), false);
        continue;
      }
      const otherwise = stop === 'else' ? readBlock(['end']).nodes : [];
      return { type: 'if', branches, otherwise };
    }
  };

  const body = readBlock([]).nodes;
  return { body, definitions };
}
