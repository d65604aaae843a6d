import { describe, expect, it } from 'vitest';
import { fitBodyHeadings } from './body-headings';

describe('fitBodyHeadings', () => {
  it('moves the highest heading of the body to h2 and keeps the steps between the others', () => {
    expect(fitBodyHeadings('<h3 id="a">One</h3><p>x</p><h4>Two <b>b</b></h4>')).toBe('<h2 id="a">One</h2><p>x</p><h3>Two <b>b</b></h3>');
  });

  it('lowers an h1 in the body below the page title', () => {
    expect(fitBodyHeadings('<h1>T</h1><h2>S</h2>')).toBe('<h2>T</h2><h3>S</h3>');
  });

  it('leaves a body that already starts at h2, or has no headings, as it is', () => {
    expect(fitBodyHeadings('<h2>A</h2><h3>B</h3>')).toBe('<h2>A</h2><h3>B</h3>');
    expect(fitBodyHeadings('<p>plain</p>')).toBe('<p>plain</p>');
  });

  it('never goes below h6', () => {
    expect(fitBodyHeadings('<h1>A</h1><h6>B</h6>')).toBe('<h2>A</h2><h6>B</h6>');
  });
});
