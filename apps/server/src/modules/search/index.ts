/** The search module's entry for writers of searchable content: refresh an item's index row after a write. */
export { upsertSearchItem } from './search.indexer.ts';
