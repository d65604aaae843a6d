/** An .ics calendar entry for a live (RFC 5545), downloaded by "Add to calendar". */
export function liveIcs(live: { id: number; title: string; sub_title: string; start_at: string; end_at: string }, url: string): string {
  const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const esc = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//MedPortal//Live//EN',
    'BEGIN:VEVENT',
    `UID:live-${live.id}@medportal`,
    `DTSTAMP:${stamp(new Date().toISOString())}`,
    `DTSTART:${stamp(live.start_at)}`,
    `DTEND:${stamp(live.end_at)}`,
    `SUMMARY:${esc(live.title)}`,
    `DESCRIPTION:${esc(`${live.sub_title}\n${url}`)}`,
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

export function downloadIcs(name: string, text: string): void {
  const href = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
