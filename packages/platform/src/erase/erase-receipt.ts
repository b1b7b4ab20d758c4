/** What an erase removed: rows per table, counted as they were deleted, in one transaction. */
export interface EraseReceipt {
  unit: 'run' | 'thread' | 'tenant';
  id: string;
  tenantId: string;
  /** Table name → rows removed (0 listed too, so the receipt shows every table was checked). */
  counts: Record<string, number>;
  erasedAt: string;
}
