import { assertStorableText } from '@agentloom/platform';
import { createMiddleware } from '~/server/trpc/init';

/**
 * The tRPC edge check for text Postgres cannot store (NUL, lone UTF-16 surrogates): every
 * procedure's raw input is walked once, before any schema or service sees it, so no input schema
 * can forget it. The failure is a `validation` error naming the field (`input.metadata.note`).
 */
export const storableInputMiddleware = createMiddleware(async ({ getRawInput, next }) => {
  assertStorableText(await getRawInput(), ['input']);
  return next();
});
