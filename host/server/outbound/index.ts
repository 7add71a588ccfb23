export { createOutboundRequests } from './outbound-requests';
export { badAllowEntry, isRefusedAddress, OutboundAllowList, unmapped } from './guard';
