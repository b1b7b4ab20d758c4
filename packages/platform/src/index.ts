export { createPlatform, type Platform } from './create-platform';
export type { PlatformConfig } from './platform-config';
export { DomainError, isDomainError, type DomainErrorKind } from './errors/domain-error';
export { roles, roleAtLeast, type Role, type Principal } from './auth/roles';
export type { HealthReport } from './health/health-report';
export { consoleLogger, type Logger } from './logging/logger';
export { generateApiKey, parseApiKey } from './auth/api-key-secret';
