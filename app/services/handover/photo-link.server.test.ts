import { describe, expect, it } from 'vitest';
import { PHOTO_LINK_SECONDS, signPhotoLink, verifyPhotoLink } from './photo-link.server.ts';

const secret = 's'.repeat(48);
const now = new Date('2026-11-29T08:00:00Z');
const expiresAt = new Date(now.getTime() + PHOTO_LINK_SECONDS * 1000);

/** The parts of a signed link as the photo route receives them: the path's id and the query's strings. */
function partsOf(link: string): { id: string; viewer: string | null; exp: string | null; sig: string | null } {
  const url = new URL(link, 'https://shop.example');
  const match = /^\/uebergabe\/foto\/([^/]+)$/.exec(url.pathname);
  if (!match) throw new Error(`not a photo link: ${link}`);
  const q = url.searchParams;
  return { id: match[1], viewer: q.get('v'), exp: q.get('exp'), sig: q.get('sig') };
}

describe('photo links (issue 36 item 3)', () => {
  it('signs a path with viewer, expiry in unix seconds and a base64url signature, and verifies it', () => {
    const link = signPhotoLink(secret, { id: 42, viewer: 'staff-12' }, expiresAt);
    expect(link).toMatch(/^\/uebergabe\/foto\/42\?v=staff-12&exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    expect(partsOf(link).exp).toBe(String(expiresAt.getTime() / 1000));
    expect(verifyPhotoLink(secret, partsOf(link), now)).toEqual({ id: 42, viewer: 'staff-12' });
    // numbers are taken as well as strings
    const p = partsOf(link);
    expect(verifyPhotoLink(secret, { ...p, id: 42, exp: Number(p.exp) }, now)).toEqual({ id: 42, viewer: 'staff-12' });
    expect(PHOTO_LINK_SECONDS).toBe(900);
  });

  it('refuses a link whose id, viewer, expiry or signature was changed, or that was signed with another secret', () => {
    const p = partsOf(signPhotoLink(secret, { id: 42, viewer: 'customer' }, expiresAt));
    expect(verifyPhotoLink(secret, { ...p, id: '43' }, now)).toBeNull();
    expect(verifyPhotoLink(secret, { ...p, viewer: 'staff-1' }, now)).toBeNull();
    expect(verifyPhotoLink(secret, { ...p, exp: String(Number(p.exp) + 3600) }, now)).toBeNull();
    const sig = p.sig!;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(verifyPhotoLink(secret, { ...p, sig: flipped }, now)).toBeNull();
    expect(verifyPhotoLink('t'.repeat(48), p, now)).toBeNull();
  });

  it('refuses a link from its expiry on', () => {
    const p = partsOf(signPhotoLink(secret, { id: 7, viewer: 'customer' }, expiresAt));
    expect(verifyPhotoLink(secret, p, new Date(expiresAt.getTime() - 1000))).not.toBeNull();
    expect(verifyPhotoLink(secret, p, expiresAt)).toBeNull();
    expect(verifyPhotoLink(secret, p, new Date(expiresAt.getTime() + 1))).toBeNull();
    expect(verifyPhotoLink(secret, p, new Date(Number.NaN))).toBeNull();
  });

  it('answers null, never throws, for malformed parts', () => {
    const p = partsOf(signPhotoLink(secret, { id: 7, viewer: 'customer' }, expiresAt));
    const bad: Record<string, unknown[]> = {
      id: [undefined, null, '', '0', '-7', '07', '7.0', '7 ', 'abc', '99999999999999999', 0, -7, 7.5, NaN, [7], {}],
      viewer: [undefined, null, '', 'Customer', 'cust omer', 'x'.repeat(41), ['customer'], 1],
      exp: [undefined, null, '', '0', '1e10', `${p.exp}x`, '-1', Infinity, [p.exp]],
      sig: [undefined, null, '', 'short', `${p.sig}=`, `${p.sig}A`, p.sig!.replace(/.$/, '+'), 'é'.repeat(43), [p.sig]],
    };
    for (const [part, values] of Object.entries(bad)) {
      for (const value of values) {
        expect(verifyPhotoLink(secret, { ...p, [part]: value }, now), `${part}=${String(value)}`).toBeNull();
      }
    }
  });

  it('refuses to sign what no link could carry', () => {
    expect(() => signPhotoLink(secret, { id: 0, viewer: 'customer' }, expiresAt)).toThrow(/photo id/);
    expect(() => signPhotoLink(secret, { id: 1.5, viewer: 'customer' }, expiresAt)).toThrow(/photo id/);
    expect(() => signPhotoLink(secret, { id: 1, viewer: 'Staff 12' }, expiresAt)).toThrow(/viewer/);
    expect(() => signPhotoLink(secret, { id: 1, viewer: 'customer' }, new Date(Number.NaN))).toThrow(/expiry/);
  });
});
