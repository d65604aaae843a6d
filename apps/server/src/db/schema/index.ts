export * from './common.ts';
export * from './catalog.ts';
export * from './speakers.ts';
export * from './courses.ts';
export * from './lives.ts';
export * from './news.ts';
export * from './editorial.ts';
export * from './site.ts';
