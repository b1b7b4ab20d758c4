import { EventEmitter } from 'node:events';

import { describe, expect, it } from 'vitest';

import type { Logger } from './logger';
import { keepServingOnUnhandledRejection, unhandledRejectionMessage } from './unhandled-rejection-net';

describe('keepServingOnUnhandledRejection', () => {
  it('logs an unhandled rejection with its stack instead of letting it end the process', () => {
    const errors: { message: string; details: unknown }[] = [];
    const logger: Logger = { info: () => undefined, warn: () => undefined, error: (message, details) => void errors.push({ message, details }) };
    const source = new EventEmitter();
    keepServingOnUnhandledRejection(source, logger);
    source.emit('unhandledRejection', new Error('Topic "tools/x" cancelled'));
    source.emit('unhandledRejection', 'a string reason');
    expect(errors).toEqual([
      { message: unhandledRejectionMessage, details: { error: expect.stringContaining('Topic "tools/x" cancelled') as string } },
      { message: unhandledRejectionMessage, details: { error: 'a string reason' } },
    ]);
  });
});
