export * from './common.ts';
export * from './constants.ts';
export * from './actions.ts';
export * from './entities.ts';
export * from './home.ts';
export * from './api.ts';
export * from './format.ts';
