/**
 * Business constants and limits of SPEC §9, in one place (DESIGN §7). Every other module imports them from here.
 */

/** Flash message display time, ms (SPEC §9). */
export const FLASH_DURATION_MS = 5000;
/** Default smooth-scroll duration, ms (SPEC §9). */
export const SMOOTH_SCROLL_DURATION_MS = 1000;
/** Default smooth-scroll offset, px; negative keeps the target clear of the sticky header (SPEC §9). */
export const SMOOTH_SCROLL_OFFSET_PX = -68;
/** Locale used when a translation is missing or not fetched yet (SPEC §9). */
export const FALLBACK_LOCALE = 'de' as const;
/** Rating scale minimum and maximum (SPEC §9). */
export const RATING_MIN = 0;
export const RATING_MAX = 5;
/** Checkout analytics steps that produce events: 1 travel, 2 billingAddress, 3 submit (SPEC §4, §9). */
export const CHECKOUT_ANALYTICS_STEPS = { travel: 1, billingAddress: 2, submit: 3 } as const;
/** Name of the cookie that hides the cookie bar (SPEC §9). */
export const COOKIE_BAR_COOKIE = 'eap_hide-cookie-bar';
/** Separator of the bulky-baggage flag list on the wire (SPEC §3, §9). */
export const BULKY_BAGGAGE_SEPARATOR = ';';
/** Script chunk load time-out, ms (SPEC §7, §9). */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Touch gestures (SPEC §9): movement tolerated for a tap, px. */
export const TAP_TOLERANCE_PX = 10;
/** Minimum movement for a swipe, px (SPEC §9). */
export const SWIPE_TOLERANCE_PX = 30;
/** Time until a touch counts as hold, ms (SPEC §9). */
export const TOUCH_HOLD_MS = 400;
/** Interval of long-tap events while held, ms (SPEC §9). */
export const LONG_TAP_INTERVAL_MS = 400;
/** Mouse events ignored after a touch, ms (SPEC §9). */
export const MOUSE_IGNORE_AFTER_TOUCH_MS = 350;
/** Default delay before an async component shows its loading state, ms (SPEC §9). */
export const ASYNC_COMPONENT_DELAY_MS = 200;

/** Bulky-baggage flags in SPEC §3 order. */
export const BULKY_BAGGAGE_FLAGS = ['prams', 'wheelchair', 'bicycle', 'golfBag', 'surfboard', 'other'] as const;
/** One bulky-baggage flag. */
export type BulkyBaggageFlag = (typeof BULKY_BAGGAGE_FLAGS)[number];

/** Tariff categories, in display order (DESIGN §6). */
export const TARIFF_CATEGORIES = ['shuttle', 'valet', 'terminal'] as const;

/** Time zone of the shop itself (invoice years, search-form dates before an airport is chosen); every seeded
 * airport is in it too. */
export const SHOP_TIME_ZONE = 'Europe/Berlin';
