import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('examples/quickstart.ts', () => {
  it('runs to a final answer through an approval pause and resume', async () => {
    const script = fileURLToPath(new URL('./quickstart.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { cwd: fileURLToPath(new URL('../../..', import.meta.url)) });
    expect(stdout).toContain('paused for approval of get_weather');
    expect(stdout).toContain('Lisbon today: sunny, 24°C in Lisbon.');
    expect(stdout).toContain('approval-requested');
    expect(stdout).toContain('run-finished');
  });
});
