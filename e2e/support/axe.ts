import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The impacts the suite refuses; minor and moderate findings are reported but do not fail it. */
const blockingImpacts = new Set(['serious', 'critical']);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** One entry per offending element: its selector and axe's explanation (e.g. the contrast ratio). */
  nodes: { target: string; summary: string }[];
}

/** Runs axe on the page as it is now and returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => blockingImpacts.has(violation.impact ?? ''))
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
