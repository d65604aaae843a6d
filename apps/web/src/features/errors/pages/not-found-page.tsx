import { NotFoundPage } from '../../../shared/ui/not-found-page';

/** The catch-all 404 page (spec §2 "Catch-all"); it lives in shared/ so item pages can show it too. */
export { NotFoundPage };

/** Lazy route module export. */
export const Component = NotFoundPage;
