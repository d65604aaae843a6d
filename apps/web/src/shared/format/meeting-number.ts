/**
 * Meeting numbers show in groups of four digits joined by hyphens (spec §5, §9): 123456789012 →
 * "1234-5678-9012". One formatter for the server and the web: the contract's.
 */
export { formatMeetingNumber, parseMeetingNumber } from '@medportal/contract/format';
