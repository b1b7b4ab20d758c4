import { DomainError } from '../errors/domain-error';
import { handWrittenCaseSchema, type HandWrittenCase } from './evaluation.schema';

/** Parses JSON Lines of hand-written cases; the first bad line is a validation error naming line and field. */
export function parseJsonlCases(jsonl: string): HandWrittenCase[] {
  const cases: HandWrittenCase[] = [];
  for (const [index, line] of jsonl.split('\n').entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new DomainError('validation', `jsonl line ${index + 1}: not valid JSON`, 'jsonl');
    }
    const parsed = handWrittenCaseSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      throw new DomainError('validation', `jsonl line ${index + 1}${field ? `, ${field}` : ''}: ${issue?.message ?? 'invalid case'}`, 'jsonl');
    }
    cases.push(parsed.data);
  }
  if (cases.length === 0) throw new DomainError('validation', 'jsonl: no cases (every line was empty)', 'jsonl');
  return cases;
}
