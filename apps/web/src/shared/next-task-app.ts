/**
 * The second split of the entry's evaluation (see next-task.ts): the router and TanStack Query
 * before it, i18n, the app's modules and main.tsx's own start after it.
 */
await new Promise<void>((resolve) => {
  setTimeout(resolve, 0);
});
export {};
