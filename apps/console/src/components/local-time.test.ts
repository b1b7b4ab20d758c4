import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LocalTime, timestampFormat } from './local-time';

// Minutes past midnight UTC: in almost every zone the wall clock shows another hour (or day) than UTC.
const instant = '2024-12-07T00:05:37.000Z';
const headerFormat: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' };

describe('LocalTime on the server', () => {
  it('renders the ISO instant, never a time in the server’s own zone (hydration would keep that text)', () => {
    const html = renderToString(createElement(LocalTime, { iso: instant, options: headerFormat, title: 'instant' }));
    expect(html).toBe(`<time dateTime="${instant}" title="${instant} (${instant})">${instant}</time>`);
    for (const serverZone of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
      expect(html).not.toContain(new Date(instant).toLocaleString(undefined, { ...headerFormat, timeZone: serverZone }));
      expect(html).not.toContain(new Date(instant).toLocaleString(undefined, { ...timestampFormat, timeZone: serverZone }));
    }
  });

  it('leaves the tooltip out unless asked for one', () => {
    expect(renderToString(createElement(LocalTime, { iso: instant }))).toBe(`<time dateTime="${instant}">${instant}</time>`);
  });
});
