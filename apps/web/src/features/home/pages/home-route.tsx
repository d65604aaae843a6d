import { HomePage } from './home-page';

/** Lazy route module of `/`. */
export const Component = HomePage;
