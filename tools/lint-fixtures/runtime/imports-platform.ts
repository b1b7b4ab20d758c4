// Deliberately forbidden: the runtime may not import another AgentLoom package. See tools/boundary-rule.test.ts.
import { createPlatform } from '../../../packages/platform/src/index';

export const create = createPlatform;
