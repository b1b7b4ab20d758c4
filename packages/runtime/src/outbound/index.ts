export { classifyAddress, parseLooseIpv4, type AddressVerdict } from './address-classification';
export { createGuardedFetch, type GuardedFetch } from './guarded-fetch';
export { normalizeHostname, OutboundPolicy, type AllowedTarget, type OutboundPolicyOptions, type ResolveAll } from './outbound-policy';
export { findOutboundRefusal, OutboundRefusedError } from './outbound-refused-error';
export { defaultGuardedFetch } from './default-guarded-fetch';
export { describeUrlForMessage } from './url-for-message';
export { carriesRedactedPart, redactedUrlPart, redactUrlCredentials } from './url-for-view';
