import { MEETING_NUMBER_GROUP } from '@medportal/contract/constants';

/** Meeting numbers show in groups of four digits joined by hyphens: 123456789 → "1234-5678-9". */
export function formatMeetingNumber(value: string | number): string {
  const digits = String(value).replace(/\D/g, '');
  const groups: string[] = [];
  for (let i = 0; i < digits.length; i += MEETING_NUMBER_GROUP) groups.push(digits.slice(i, i + MEETING_NUMBER_GROUP));
  return groups.join('-');
}
