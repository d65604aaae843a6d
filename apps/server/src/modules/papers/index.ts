/** The papers module's public entry: which papers readers see now (scheduled ones stay hidden until their instant). */
export { paperListed } from './papers.visibility.ts';
