// Deliberately forbidden: proves that the boundary rule fails the lint when code in
// packages/runtime imports Prisma. Checked by tools/boundary-rule.test.ts; never imported.
import { PrismaClient } from '@prisma/client';

export const client = PrismaClient;
