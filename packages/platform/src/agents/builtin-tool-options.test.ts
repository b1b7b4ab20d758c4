import { waitToolNames } from '@agentloom/runtime';
import { describe, expect, it } from 'vitest';

import { builtinToolOptions } from './builtin-tool-options';

describe('builtinToolOptions', () => {
  it('offers the durable wait tools, so a version that lists them can be saved (assertKnownTools reads this list)', () => {
    expect(builtinToolOptions.map((option) => option.name)).toEqual(expect.arrayContaining([...waitToolNames]));
  });
});
