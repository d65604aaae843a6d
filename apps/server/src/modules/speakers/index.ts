/** The speakers module's public entry: what the account merge asks of follows. */
export { mergeSpeakerFollows } from './speakers.merge.ts';
export { speakerShareInfo } from './speakers.share.ts';
