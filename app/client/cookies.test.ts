import { describe, expect, it } from 'vitest';
import { consentCookie, hasAnalyticsConsent, isCookieBarHidden, readCookie } from './cookies.ts';

describe('cookies', () => {
  it('reads cookies', () => {
    expect(readCookie('a=1; eap_hide-cookie-bar=all; b=x%20y', 'b')).toBe('x y');
    expect(readCookie('a=1', 'eap_hide-cookie-bar')).toBeNull();
    expect(readCookie('', 'a')).toBeNull();
  });
  it('hides the bar when eap_hide-cookie-bar is set', () => {
    expect(isCookieBarHidden('eap_hide-cookie-bar=necessary')).toBe(true);
    expect(isCookieBarHidden('other=1')).toBe(false);
    expect(isCookieBarHidden('xeap_hide-cookie-bar=1')).toBe(false);
  });
  it('consent only for "all"', () => {
    expect(hasAnalyticsConsent('eap_hide-cookie-bar=all')).toBe(true);
    expect(hasAnalyticsConsent('eap_hide-cookie-bar=necessary')).toBe(false);
    expect(hasAnalyticsConsent('')).toBe(false);
  });
  it('builds the cookie', () => {
    expect(consentCookie('all', true)).toBe('eap_hide-cookie-bar=all; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(consentCookie('necessary', false)).not.toContain('Secure');
  });
});
