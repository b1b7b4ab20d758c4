import { ToolAdapterError } from './adapter-error';

const placeholderPattern = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g;
const wholePlaceholderPattern = /^\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}$/;

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function toArgument(name: string, value: unknown, allowOptionLikeValues: boolean): string {
  if (!isScalar(value)) {
    throw new ToolAdapterError('invalid-arguments', `Argument "${name}" must be a string, number or boolean`);
  }
  const text = String(value);
  // Without a shell there is no injection, but a value like `--exec=…` could still be read as an option.
  if (!allowOptionLikeValues && text.startsWith('-')) {
    throw new ToolAdapterError('invalid-arguments', `Argument "${name}" may not start with "-"`);
  }
  return text;
}

/** Names of the placeholders a template uses, for checking them against the input schema. */
export function templatePlaceholders(template: readonly string[]): string[] {
  return [
    ...new Set(template.flatMap((element) => [...element.matchAll(placeholderPattern)].map((match) => match[1] ?? ''))),
  ];
}

/**
 * Fills `{{name}}` placeholders of an argv template from the model's arguments. Each value
 * becomes (part of) exactly one argv element — never parsed by a shell. An element that is only
 * a placeholder may take an array, which expands to one element per item.
 */
export function fillArgvTemplate(
  template: readonly string[],
  args: Record<string, unknown>,
  options: { allowOptionLikeValues?: boolean } = {},
): string[] {
  const allowOptionLike = options.allowOptionLikeValues ?? false;
  const lookup = (name: string): unknown => {
    if (!Object.hasOwn(args, name) || args[name] === undefined || args[name] === null) {
      throw new ToolAdapterError('invalid-arguments', `Missing argument "${name}"`);
    }
    return args[name];
  };
  return template.flatMap((element) => {
    const whole = wholePlaceholderPattern.exec(element);
    if (whole?.[1] !== undefined) {
      const name = whole[1];
      const value = lookup(name);
      return Array.isArray(value)
        ? value.map((item) => toArgument(name, item, allowOptionLike))
        : [toArgument(name, value, allowOptionLike)];
    }
    return [
      element.replace(placeholderPattern, (_match, name: string) => toArgument(name, lookup(name), allowOptionLike)),
    ];
  });
}
