import { assertStorableText } from '@agentloom/platform';
import { createMiddleware } from '~/server/trpc/init';

/**
 * The tRPC edge check for text Postgres cannot store (NUL, lone UTF-16 surrogates) and for nesting
 * deeper than `maximumJsonDepth` (ADR 0010): every procedure's raw input is walked once, iteratively,
 * before any schema or service sees it, so no input schema can forget it. The failure is a
 * `validation` error naming the field (`input.metadata.note`), or `input` for too deep a value.
 */
export const storableInputMiddleware = createMiddleware(async ({ getRawInput, next }) => {
  assertStorableText(await getRawInput(), ['input']);
  return next();
});
