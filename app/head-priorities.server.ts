/**
 * Lowers the fetch priority of the page's module preloads (issue 11, decision 0020). React Router's `<Scripts>`
 * preloads every module of the matched routes in the page head, at the browser's default "High" priority for
 * scripts; on a slow connection they then compete with the HTML and its images for the first paint, although
 * the page needs no script to show (it hydrates after its first paint, entry.client.tsx, and works without
 * JavaScript). `fetchpriority="low"` lets the browser fetch them as soon as there is room.
 */
import { Transform } from 'node:stream';

const MODULE_PRELOAD = '<link rel="modulepreload"';
const HEAD_END = Buffer.from('</head>');
/** A head longer than this is passed on unchanged (never seen; guards the buffer), bytes. */
const MAX_HEAD_BYTES = 256 * 1024;

/** `html` (a page head) with `fetchpriority="low"` on each `<link rel="modulepreload">` that has none. */
export function lowerModulePreloads(html: string): string {
  return html.replaceAll(`${MODULE_PRELOAD} `, `${MODULE_PRELOAD} fetchpriority="low" `);
}

/**
 * A stream that passes an HTML document through, rewriting its head with `lowerModulePreloads`: it holds the
 * bytes back until `</head>` has passed (React sends the whole head with the shell), then streams on untouched.
 * `final` runs when the document is complete (the page handler's render timeout).
 */
export function lowPriorityModulePreloads(final?: () => void): Transform {
  let held: Buffer[] | null = [];
  let heldBytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (held === null) return callback(null, chunk);
      held.push(chunk);
      heldBytes += chunk.length;
      const bytes = Buffer.concat(held);
      // ASCII, so the head before it ends on a whole UTF-8 character
      const end = bytes.indexOf(HEAD_END);
      if (end < 0 && heldBytes < MAX_HEAD_BYTES) return callback();
      held = null;
      if (end < 0) return callback(null, bytes);
      const head = Buffer.from(lowerModulePreloads(bytes.subarray(0, end).toString('utf8')), 'utf8');
      callback(null, Buffer.concat([head, bytes.subarray(end)]));
    },
    flush(callback) {
      const rest = held === null ? undefined : Buffer.concat(held);
      held = null;
      final?.();
      callback(null, rest);
    },
  });
}
