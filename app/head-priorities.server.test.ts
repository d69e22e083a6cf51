import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { deferHeadPreloads, deferScriptsUntilPainted, moduleStarter } from './head-priorities.server.ts';

const HEAD =
  '<!DOCTYPE html><html><head><link rel="preload" as="image" href="/favicon.svg"/>' +
  '<link rel="modulepreload" href="/js/a.js" nonce="n"/>' +
  '<link rel="preload" as="fetch" href="/t.json" crossorigin="anonymous"/><link rel="modulepreload" href="/js/ü.js"/></head>';
const MODULE_SCRIPT = '<script nonce="n" type="module" async="">import * as r from "/js/ü.js";</script>';

async function pipeThrough(chunks: Buffer[]): Promise<string> {
  let finals = 0;
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(deferScriptsUntilPainted(() => (finals += 1)))) {
    out.push(chunk as Buffer);
  }
  expect(finals).toBe(1);
  return Buffer.concat(out).toString('utf8');
}

/** `bytes` cut at each of `cuts` (byte offsets). */
function cut(bytes: Buffer, cuts: number[]): Buffer[] {
  const edges = [0, ...cuts.sort((a, b) => a - b), bytes.length];
  return edges.slice(1).map((end, i) => bytes.subarray(edges[i], end));
}

describe('deferHeadPreloads', () => {
  it('moves the module preloads and the fetch preload into a template and leaves other links alone', () => {
    const head = deferHeadPreloads(HEAD.slice(0, -'</head>'.length));
    expect(head).toBe(
      '<!DOCTYPE html><html><head><link rel="preload" as="image" href="/favicon.svg"/>' +
        '<template id="deferred-head"><link rel="modulepreload" href="/js/a.js" nonce="n"/>' +
        '<link rel="preload" as="fetch" href="/t.json" crossorigin="anonymous"/>' +
        '<link rel="modulepreload" href="/js/ü.js"/></template>',
    );
  });

  it('leaves a head without preloads unchanged', () => {
    expect(deferHeadPreloads('<head><title>x</title>')).toBe('<head><title>x</title>');
  });
});

describe('deferScriptsUntilPainted', () => {
  const doc = `${HEAD}<body><p>Grüße</p>${MODULE_SCRIPT}<p>after type="module" async=""</p></body></html>`;
  const expected =
    deferHeadPreloads(HEAD.slice(0, -'</head>'.length)) +
    '</head><body><p>Grüße</p>' +
    '<script nonce="n" type="text/x-deferred-module" async="">import * as r from "/js/ü.js";</script>' +
    moduleStarter('n') +
    '<p>after type="module" async=""</p></body></html>';

  it('rewrites the head and the module script in one chunk', async () => {
    expect(await pipeThrough([Buffer.from(doc)])).toBe(expected);
  });

  it('rewrites them however the document is cut into chunks, even inside characters and markers', async () => {
    const bytes = Buffer.from(doc);
    const inHead = bytes.indexOf(Buffer.from('ü')) + 1; // between the two bytes of "ü"
    const inHeadEnd = bytes.indexOf(Buffer.from('</head>')) + 3;
    const inMarker = bytes.indexOf(Buffer.from('type="module"')) + 5;
    const inScript = bytes.indexOf(Buffer.from('/js/ü.js";')) + 6;
    const inScriptEnd = bytes.indexOf(Buffer.from('</script>')) + 2;
    for (const cuts of [
      [inHead],
      [inHeadEnd, inMarker],
      [inMarker, inScript, inScriptEnd],
      [20, inHead, inMarker + 1],
    ]) {
      expect(await pipeThrough(cut(bytes, cuts))).toBe(expected);
    }
    // one byte at a time
    expect(await pipeThrough([...bytes].map((b) => Buffer.from([b])))).toBe(expected);
  });

  it('passes a part longer than it holds back through unchanged', async () => {
    const long = `<p>${'x'.repeat(300 * 1024)}</p>`;
    expect(await pipeThrough([Buffer.from(long)])).toBe(long);
    const openScript = `${HEAD}<script nonce="n" type="module" async="">${'y'.repeat(300 * 1024)}`;
    expect(await pipeThrough([Buffer.from(openScript)])).toBe(
      `${deferHeadPreloads(HEAD.slice(0, -'</head>'.length))}</head><script nonce="n" type="module" async="">${'y'.repeat(300 * 1024)}`,
    );
  });

  it('passes a document without a head through unchanged', async () => {
    expect(await pipeThrough([Buffer.from('<p>ok</p>')])).toBe('<p>ok</p>');
  });

  it('passes a body without a module script through unchanged', async () => {
    const plain = `${HEAD}<body><p>no scripts</p></body></html>`;
    const html = await pipeThrough([Buffer.from(plain)]);
    expect(html).toBe(
      `${deferHeadPreloads(HEAD.slice(0, -'</head>'.length))}</head><body><p>no scripts</p></body></html>`,
    );
  });

  it('starts the deferred parts with the page nonce after the first paint', () => {
    const starter = moduleStarter('abc');
    expect(starter).toMatch(/^<script nonce="abc">requestAnimationFrame\(function\(\)\{setTimeout\(/);
    expect(starter).toContain('s.nonce=o.nonce');
  });
});
