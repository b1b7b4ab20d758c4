import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';
import { apiOperations } from '~/server/http/openapi/api-operations';
import { buildOpenApiDocument } from '~/server/http/openapi/openapi-document';
import { apiVersion } from '~/server/http/openapi/openapi-document-instance';

import { repositoryRoot } from './support/console-process';

const redoclyCli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const directory = mkdtempSync(path.join(tmpdir(), 'agentloom-openapi-lint-'));

afterAll(() => rmSync(directory, { recursive: true, force: true }));

/**
 * The document the console serves, linted by a stock linter (Redocly CLI, its `recommended`
 * rules, config in apps/console/redocly.yaml): no errors and no warnings.
 */
describe('the OpenAPI document lints clean with redocly', () => {
  it('has no errors and no warnings under the recommended rules', () => {
    const documentPath = path.join(directory, 'openapi.json');
    writeFileSync(documentPath, JSON.stringify(buildOpenApiDocument(apiOperations, apiVersion), null, 2));
    const result = spawnSync(process.execPath, [redoclyCli, 'lint', documentPath, '--config', path.join(repositoryRoot, 'apps/console/redocly.yaml'), '--format', 'stylish'], {
      encoding: 'utf8',
      // No telemetry or update check: the suite runs offline.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      timeout: 120_000,
    });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.status, output).toBe(0);
    expect(output, output).not.toMatch(/\b(warning|error)\b/i);
  }, 180_000);
});
