/**
 * Starts the page's script downloads after its first paint (issue 11, decisions 0020 and 0040). The page needs no
 * script to show (it works without JavaScript and hydrates after its first paint, entry.client.tsx), yet React
 * Router's `<Scripts>` starts every module of the matched routes at once: `<link rel="modulepreload">` in the head
 * (and the translations' `<link rel="preload" as="fetch">` of root.tsx) and a `<script type="module">` near the end
 * of the body. On a slow phone those downloads and their compilation compete with the HTML for the first paint.
 *
 * The server's HTML therefore goes out with
 * - the head's module preloads and the translations' preload moved into a `<template id="deferred-head">`;
 * - React Router's module script made inert (`type="text/x-deferred-module"`), followed by a small inline script
 *   that, once the browser has painted (a frame callback runs just before a paint, a task queued from it just
 *   after), puts the preloads back into the head and the module script back as `type="module"`, with the page's
 *   CSP nonce.
 * Without JavaScript nothing changes: the template and the inert script are never used.
 */
import { Transform } from 'node:stream';

const HEAD_END = Buffer.from('</head>');
const MODULE_TYPE = Buffer.from(' type="module" async="">');
const INERT_TYPE = ' type="text/x-deferred-module" async="">';
const SCRIPT_END = Buffer.from('</script>');
/** A head (or a module script) longer than this is passed on unchanged (never seen; guards the buffer), bytes. */
const MAX_HELD_BYTES = 256 * 1024;

/** The `<link>`s that wait for the first paint: module preloads and the translations' fetch preload. */
const DEFERRED_LINK = /<link rel="(?:modulepreload|preload" as="fetch")[^>]*>/g;

/**
 * `head` (a page head, up to `</head>`) with its module and fetch preloads moved into a
 * `<template id="deferred-head">` at its end; unchanged when it has none.
 */
export function deferHeadPreloads(head: string): string {
  const links = head.match(DEFERRED_LINK);
  if (!links) return head;
  return `${head.replace(DEFERRED_LINK, '')}<template id="deferred-head">${links.join('')}</template>`;
}

/**
 * The inline script placed after the inert module script: after the first paint it moves the deferred preloads
 * into the head and brings the module script back to life (a new element, since a script element runs once).
 */
export function moduleStarter(nonce: string): string {
  return (
    `<script nonce="${nonce}">requestAnimationFrame(function(){setTimeout(function(){` +
    `var t=document.getElementById("deferred-head");if(t){document.head.append(t.content.cloneNode(true));t.remove()}` +
    `document.querySelectorAll('script[type="text/x-deferred-module"]').forEach(function(o){` +
    `var s=document.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;o.replaceWith(s)})` +
    `},0)})</script>`
  );
}

/** The value of the `nonce` attribute in `tag` (a start tag), or ''. */
function nonceOf(tag: string): string {
  return /\snonce="([^"]*)"/.exec(tag)?.[1] ?? '';
}

/**
 * A stream that passes an HTML document through with its scripts deferred until the first paint (see the module
 * comment): it holds the bytes back until `</head>` has passed and rewrites the head; later it holds back from the
 * start of React Router's module script to its `</script>` and rewrites that. `final` runs when the document is
 * complete (the page handler's render timeout).
 */
export function deferScriptsUntilPainted(final?: () => void): Transform {
  let state: 'head' | 'body' | 'done' = 'head';
  let held: Buffer = Buffer.alloc(0);

  /** Passes everything held and the rest of the document on unchanged (a part far longer than any seen). */
  function giveUp(out: Buffer[]): Buffer[] {
    state = 'done';
    out.push(held);
    held = Buffer.alloc(0);
    return out;
  }

  /** Handles `held` as far as it can; returns what may be sent now. */
  function advance(): Buffer[] {
    const out: Buffer[] = [];
    for (;;) {
      if (state === 'head') {
        const end = held.indexOf(HEAD_END);
        if (end < 0) {
          if (held.length < MAX_HELD_BYTES) return out;
          return giveUp(out);
        }
        // ASCII, so the head before it ends on a whole UTF-8 character
        out.push(Buffer.from(deferHeadPreloads(held.subarray(0, end).toString('utf8')), 'utf8'));
        held = held.subarray(end);
        state = 'body';
      } else if (state === 'body') {
        const type = held.indexOf(MODULE_TYPE);
        if (type < 0) {
          // The marker lies inside a start tag: keep back a tag still open at the end (from its `<`, so its nonce
          // is at hand once the rest arrives); send the rest.
          const open = held.lastIndexOf('<');
          const keepFrom = open >= 0 && held.indexOf('>', open) < 0 ? open : held.length;
          if (held.length - keepFrom >= MAX_HELD_BYTES) {
            return giveUp(out);
          }
          out.push(held.subarray(0, keepFrom));
          held = held.subarray(keepFrom);
          return out;
        }
        const close = held.indexOf(SCRIPT_END, type);
        if (close < 0) {
          if (held.length < MAX_HELD_BYTES) return out;
          return giveUp(out);
        }
        const tagStart = held.lastIndexOf('<script', type);
        const nonce = nonceOf(held.subarray(tagStart, type).toString('latin1'));
        const afterClose = close + SCRIPT_END.length;
        out.push(
          held.subarray(0, type),
          Buffer.from(INERT_TYPE),
          held.subarray(type + MODULE_TYPE.length, afterClose),
          Buffer.from(moduleStarter(nonce)),
        );
        held = held.subarray(afterClose);
        state = 'done';
      } else {
        out.push(held);
        held = Buffer.alloc(0);
        return out;
      }
    }
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (state === 'done') return callback(null, chunk);
      held = held.length === 0 ? chunk : Buffer.concat([held, chunk]);
      for (const part of advance()) if (part.length > 0) this.push(part);
      callback();
    },
    flush(callback) {
      const rest = held;
      held = Buffer.alloc(0);
      final?.();
      callback(null, rest.length > 0 ? rest : undefined);
    },
  });
}
