import { z } from 'zod';

/**
 * Every named response shape of `/api/v1`. A schema registered here becomes
 * `#/components/schemas/<id>` in the OpenAPI document, and generated clients get a type of that
 * name (`components['schemas']['Run']`). Register a view with `.register(viewRegistry, { id })`.
 */
export const viewRegistry = z.registry<{ id: string; description?: string }>();

/** Any JSON value (run input and output, tool arguments, metadata). */
export const jsonValueSchema = z.json().register(viewRegistry, { id: 'JsonValue', description: 'Any JSON value.' });

/** Timestamps travel as ISO 8601 strings in UTC (`2026-01-31T12:00:00.000Z`). */
export const timestampSchema = z.iso.datetime();

/** A page cursor; `null` when this page was the last. */
export const nextCursorSchema = z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page.');
export const nextIndexCursorSchema = z.number().int().nullable().describe('Pass as `cursor` for the next page; null on the last page.');
