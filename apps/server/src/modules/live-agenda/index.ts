/** The live agenda module's public entry: the agenda as the console reads and replaces it. */
export { type AgendaItemInput, agendaForEdit, replaceAgenda } from './live-agenda.admin.ts';
