import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lowerModulePreloads, lowPriorityModulePreloads } from './head-priorities.server.ts';

const HEAD =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/js/a.js" nonce="n"/>' +
  '<link rel="preload" as="fetch" href="/t.json"/><link rel="modulepreload" href="/js/ü.js"/></head>';

async function pipeThrough(chunks: Buffer[]): Promise<string> {
  let finals = 0;
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(lowPriorityModulePreloads(() => (finals += 1)))) {
    out.push(chunk as Buffer);
  }
  expect(finals).toBe(1);
  return Buffer.concat(out).toString('utf8');
}

describe('lowerModulePreloads', () => {
  it('marks every module preload low and leaves other links alone', () => {
    const html = lowerModulePreloads(HEAD);
    expect(html.match(/rel="modulepreload" fetchpriority="low" href/g)).toHaveLength(2);
    expect(html).toContain('<link rel="preload" as="fetch" href="/t.json"/>');
  });
});

describe('lowPriorityModulePreloads', () => {
  it('rewrites a head split across chunks, even inside a multi-byte character, and passes the body on', async () => {
    const bytes = Buffer.from(`${HEAD}<body><p>Grüße <link rel="modulepreload" href="/x.js"/></p></body></html>`);
    const inHead = bytes.indexOf(Buffer.from('ü')) + 1; // between the two bytes of "ü"
    const afterHead = bytes.indexOf(Buffer.from('ß')) + 1; // the same in the body, right after the head's chunk
    const html = await pipeThrough([
      bytes.subarray(0, 20),
      bytes.subarray(20, inHead),
      bytes.subarray(inHead, afterHead),
      bytes.subarray(afterHead),
    ]);
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(html).toContain('/js/ü.js');
    expect(html).toContain('<p>Grüße <link rel="modulepreload" href="/x.js"/></p>'); // only the head changes
  });

  it('passes a document without a head through unchanged', async () => {
    expect(await pipeThrough([Buffer.from('<p>ok</p>')])).toBe('<p>ok</p>');
  });
});
