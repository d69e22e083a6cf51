/**
 * Stylesheets sent inside the HTML instead of as a render-blocking request of their own (issue 11: first
 * contentful paint on a slow mobile connection; the site's whole CSS is ~11 KB compressed). The server reads the
 * built files at start (entry.server.tsx); the browser never holds the text: React adopts the server's
 * `<style data-href>` by its href when it hydrates the head.
 */
const styles = new Map<string, string>();

/** Makes `css` the text of the stylesheet at `href` (server start). */
export function provideInlineStyle(href: string, css: string): void {
  styles.set(href, css);
}

/** The text of the stylesheet at `href`, if the server has it; `undefined` in the browser and in development. */
export function inlineStyle(href: string): string | undefined {
  return styles.get(href);
}
