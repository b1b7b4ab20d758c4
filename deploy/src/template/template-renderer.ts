import { isTruthy, printScalar, templateFunctions } from './template-functions';
import type { Operand, Pipeline, TemplateNode } from './template-parser';

/** Variables visible in a block: Go scopes a `$name :=` to the end of the enclosing control structure. */
class Scope {
  private readonly variables = new Map<string, unknown>();
  constructor(private readonly parent?: Scope) {}

  get(name: string): unknown {
    if (this.variables.has(name)) return this.variables.get(name);
    if (this.parent) return this.parent.get(name);
    throw new Error(`undefined variable ${name}`);
  }

  declare(name: string, value: unknown): void {
    this.variables.set(name, value);
  }

  child(): Scope {
    return new Scope(this);
  }
}

/**
 * Evaluates parsed templates against a data object (`.Values`, `.Release`, `.Chart`, …). Stricter
 * than Helm on purpose: printing a missing value is an error instead of an empty string, so a
 * misspelt values key fails the chart test rather than rendering a blank field.
 */
export class TemplateRenderer {
  constructor(private readonly definitions: Map<string, TemplateNode[]>) {}

  render(name: string, data: unknown): string {
    const body = this.definitions.get(name);
    if (body === undefined) throw new Error(`no template named "${name}"`);
    const scope = new Scope();
    scope.declare('$', data);
    return this.renderNodes(body, data, scope, name);
  }

  private renderNodes(nodes: TemplateNode[], dot: unknown, scope: Scope, where: string): string {
    let output = '';
    for (const node of nodes) output += this.renderNode(node, dot, scope, where);
    return output;
  }

  private renderNode(node: TemplateNode, dot: unknown, scope: Scope, where: string): string {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'output': {
        const value = this.evaluatePipeline(node.pipeline, dot, scope, where);
        return node.pipeline.declarations.length > 0 ? '' : printScalar(value, where);
      }
      case 'if': {
        for (const branch of node.branches) {
          if (isTruthy(this.evaluatePipeline(branch.condition, dot, scope, where))) return this.renderNodes(branch.body, dot, scope.child(), where);
        }
        return this.renderNodes(node.otherwise, dot, scope.child(), where);
      }
      case 'with': {
        const inner = scope.child();
        const value = this.evaluatePipeline(node.pipeline, dot, inner, where);
        return isTruthy(value) ? this.renderNodes(node.body, value, inner, where) : this.renderNodes(node.otherwise, dot, scope.child(), where);
      }
      case 'range':
        return this.renderRange(node, dot, scope, where);
    }
  }

  private renderRange(node: Extract<TemplateNode, { type: 'range' }>, dot: unknown, scope: Scope, where: string): string {
    const collection = this.evaluatePipeline({ ...node.pipeline, declarations: [] }, dot, scope, where);
    const entries: [unknown, unknown][] = Array.isArray(collection)
      ? collection.map((value, index) => [index, value])
      : typeof collection === 'object' && collection !== null
        ? Object.keys(collection)
            .sort()
            .map((key) => [key, (collection as Record<string, unknown>)[key]])
        : [];
    if (collection !== undefined && collection !== null && typeof collection !== 'object') throw new Error(`${where}: range over a ${typeof collection}`);
    if (entries.length === 0) return this.renderNodes(node.otherwise, dot, scope.child(), where);
    let output = '';
    for (const [key, value] of entries) {
      const inner = scope.child();
      const [first, second] = node.pipeline.declarations;
      if (second !== undefined && first !== undefined) {
        inner.declare(first, key);
        inner.declare(second, value);
      } else if (first !== undefined) inner.declare(first, value);
      output += this.renderNodes(node.body, value, inner, where);
    }
    return output;
  }

  private evaluatePipeline(pipeline: Pipeline, dot: unknown, scope: Scope, where: string): unknown {
    let result: unknown;
    pipeline.commands.forEach((command, index) => {
      if (command.type === 'operand') {
        if (index > 0) throw new Error(`${where}: cannot pipe into a value`);
        result = this.evaluateOperand(command.operand, dot, scope, where);
        return;
      }
      const values = command.arguments.map((operand) => this.evaluateOperand(operand, dot, scope, where));
      if (index > 0) values.push(result);
      result = this.call(command.name, values, where);
    });
    if (pipeline.declarations.length === 1) scope.declare(pipeline.declarations[0]!, result);
    return result;
  }

  private call(name: string, values: unknown[], where: string): unknown {
    if (name === 'include') {
      const [templateName, data] = values;
      return this.render(String(templateName), data);
    }
    const implementation = templateFunctions[name];
    if (implementation === undefined) throw new Error(`${where}: function "${name}" is not supported by the chart renderer`);
    try {
      return implementation(...values);
    } catch (error) {
      throw new Error(`${where}: ${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  private evaluateOperand(operand: Operand, dot: unknown, scope: Scope, where: string): unknown {
    switch (operand.type) {
      case 'string':
      case 'number':
      case 'boolean':
        return operand.value;
      case 'nil':
        return null;
      case 'pipeline':
        return this.evaluatePipeline(operand.pipeline, dot, scope, where);
      case 'field': {
        let value = operand.root === 'dot' ? dot : scope.get(operand.variable ?? '$');
        const walked: string[] = [];
        for (const key of operand.path) {
          if (value === undefined || value === null) throw new Error(`${where}: nil pointer evaluating .${[...walked, key].join('.')}`);
          if (typeof value !== 'object') throw new Error(`${where}: .${walked.join('.')} is not a map`);
          value = (value as Record<string, unknown>)[key];
          walked.push(key);
        }
        return value;
      }
    }
  }
}
