/** A share in 0…1 as a whole percentage ("67 %" style kept short: "67%"). */
export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** A signed difference: "+2", "−1", "±0" (a true minus sign, as the compare view prints). */
export function formatSigned(value: number, digits = 0): string {
  if (value === 0) return '±0';
  const magnitude = Math.abs(value).toFixed(digits);
  return value > 0 ? `+${magnitude}` : `−${magnitude}`;
}
