import { describe, expect, it } from 'vitest';

import { parseConfig } from './agent-rows';
import { redactConfigSecrets, restoreConfigSecrets } from './agent-config-secrets';
import type { AgentVersionConfig } from './agent-version-config';

const tokenA = 'https://gateway.example.com/s/Ab3dEf6hIj9kLm2nOp5q/v1';
const tokenB = 'https://gateway.example.com/s/Zy9xWv8uTs7rQp6oNm5l/v1';
const shown = 'https://gateway.example.com/s/***/v1';

const model = (baseURL: string, name = 'm') => ({ provider: 'openai-compatible', model: name, baseURL });
const config = (primary: string, ...fallbacks: [string, string][]): AgentVersionConfig =>
  parseConfig({ model: model(primary), fallbackModels: fallbacks.map(([baseURL, name]) => model(baseURL, name)) });

describe('model base URLs in views and saves', () => {
  it('views show every base URL with its credentials as ***, and leave a URL without one as it is', () => {
    const view = redactConfigSecrets(config(tokenA, [tokenB, 'f'], ['https://api.example.com/v1', 'g']));
    expect(view.model?.baseURL).toBe(shown);
    expect(view.fallbackModels.map((entry) => entry.baseURL)).toEqual([shown, 'https://api.example.com/v1']);
  });

  it('a view sent back keeps the URL stored in the same place, even when another stored URL has the same view', () => {
    const stored = config(tokenA, [tokenB, 'f']);
    const restored = restoreConfigSecrets(redactConfigSecrets(stored), stored);
    expect(restored.model?.baseURL).toBe(tokenA);
    expect(restored.fallbackModels[0]?.baseURL).toBe(tokenB);
  });

  it('a model moved to another place keeps its URL when only one stored URL has that view', () => {
    const stored = config('https://api.example.com/v1', [tokenA, 'f']);
    const restored = restoreConfigSecrets(config(shown, ['https://api.example.com/v1', 'f']), stored);
    expect(restored.model?.baseURL).toBe(tokenA);
  });

  it('refuses a view that two stored URLs share when the same place holds neither, and any *** without a stored URL', () => {
    const stored = config('https://api.example.com/v1', [tokenA, 'f'], [tokenB, 'g']);
    expect(() => restoreConfigSecrets(config(shown), stored)).toThrow(expect.objectContaining({ kind: 'validation', field: 'config.model.baseURL' }));
    expect(() => restoreConfigSecrets(config(shown), undefined)).toThrow(expect.objectContaining({ kind: 'validation', field: 'config.model.baseURL' }));
  });
});
