/**
 * The `meta` of shop pages built in one place (issue 32 item 3): a route's `meta` export passes its loader data.
 * Not `.server`: `meta` also runs in the browser on client-side navigation.
 */

/** What a page's loader data brings for its meta (absent on an error answer). */
type MetaData = { title?: string; description?: string; jsonLd?: Record<string, unknown> | null } | undefined;

/**
 * A page kept out of search engines: its title and the `robots` rule.
 * @param robots - `noindex` (the form pages) or `noindex, nofollow` (a reservation's pages).
 */
export function privatePageMeta(data: MetaData, robots: 'noindex' | 'noindex, nofollow' = 'noindex') {
  return [{ title: data?.title }, { name: 'robots', content: robots }];
}

/** A public landing page (home, an airport): title, description and its rating's JSON-LD when it has one. */
export function landingPageMeta(data: MetaData) {
  return [
    { title: data?.title },
    { name: 'description', content: data?.description },
    ...(data?.jsonLd ? [{ 'script:ld+json': data.jsonLd }] : []),
  ];
}
