/** The courses module's public entry: what the account merge asks of learning progress. */
export { mergeLearning } from './courses.merge.ts';
