// Types of bench/weight.js for the TypeScript that imports it (tests/e2e/weight-budget.spec.ts).

/** Issue 11: the most first-load JavaScript a page route may ship, in gzip bytes (120 KB, KB = 1000 bytes). */
export declare const JS_BUDGET_GZIP_BYTES: number;

/** First-load weight of one page route (gzip). */
export type RouteWeight = {
  jsGzipBytes: number;
  jsGzipKiB: number;
  cssGzipKiB: number;
  jsFiles: number;
  /** The five heaviest JavaScript files, as `file KiB`. */
  heaviest: string[];
};

/** First-load weight of every page route of the client build in `clientDir` (default `build/client`). */
export declare function routeWeights(clientDir?: string): Record<string, RouteWeight>;
