import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FilterGroup } from './filter-group';

describe('FilterGroup on the server', () => {
  it('sends its controls disabled: a pick before hydration would be reset by it (ADR 0110)', () => {
    const html = renderToString(createElement(FilterGroup, { label: 'Run filters', className: 'flex', children: createElement('select', { 'aria-label': 'Status' }) }));
    expect(html).toMatch(/^<fieldset aria-label="Run filters" disabled="" class="min-w-0 flex">/);
  });
});
