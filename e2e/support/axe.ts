import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The impacts the suite refuses; minor and moderate findings are reported but do not fail it… */
const blockingImpacts = new Set(['serious', 'critical']);

/**
 * …except these moderate rules, which the console keeps at zero too: one h1 per page and headings
 * that go down one level at a time, so a screen reader's heading list is the page's outline.
 */
const blockingModerateRules = new Set(['heading-order', 'page-has-heading-one']);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** One entry per offending element: its selector and axe's explanation (e.g. the contrast ratio). */
  nodes: { target: string; summary: string }[];
}

/**
 * Runs axe on the page as it will settle and returns the serious and critical violations, and the heading rules'.
 * Colour transitions are finished first: a theme switch starts one on every `transition-colors` element,
 * and axe sampling mid-way reads a blend of both themes (CI once failed a danger button at 3.63:1, red
 * half-way from red-700 to red-400 on a background half-way from white to zinc-900). Only transitions
 * are finished; an infinite animation (a spinner) cannot be, and does not change colours.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  // getAnimations() brings style up to date first, so transitions the theme switch has just triggered are included.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
  });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => blockingImpacts.has(violation.impact ?? '') || blockingModerateRules.has(violation.id))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary ?? '' })),
    }));
}

/** How many elements the findings name (the unit axe's own reports count). */
export function countNodes(findings: AxeFinding[]): number {
  return findings.reduce((total, finding) => total + finding.nodes.length, 0);
}
