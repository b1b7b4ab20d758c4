import { describe, expect, it } from 'vitest';
import { fillArgvTemplate, templatePlaceholders } from './argv-template';

describe('argv templates', () => {
  it('fills whole and embedded placeholders, one argv element per value', () => {
    expect(
      fillArgvTemplate(['log', '-n', '{{count}}', '--format={{format}}', '--', '{{path}}'], {
        count: 5,
        format: '%H %s',
        path: 'a b.txt',
      }),
    ).toEqual(['log', '-n', '5', '--format=%H %s', '--', 'a b.txt']);
  });

  it('expands arrays only for whole-element placeholders', () => {
    expect(fillArgvTemplate(['{{files}}'], { files: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(() => fillArgvTemplate(['--f={{files}}'], { files: ['a'] })).toThrow(/must be a string/);
  });

  it('refuses missing values, objects and option-like values unless allowed', () => {
    expect(() => fillArgvTemplate(['{{x}}'], {})).toThrow('Missing argument "x"');
    expect(() => fillArgvTemplate(['{{x}}'], { x: { y: 1 } })).toThrow(/must be a string/);
    expect(() => fillArgvTemplate(['{{x}}'], { x: '--upload-pack=evil' })).toThrow(/may not start with "-"/);
    expect(fillArgvTemplate(['{{x}}'], { x: '-v' }, { allowOptionLikeValues: true })).toEqual(['-v']);
  });

  it('lists the placeholders a template uses', () => {
    expect(templatePlaceholders(['{{a}}', '--b={{b}}', '{{a}}', 'plain'])).toEqual(['a', 'b']);
  });
});
