/**
 * The browser's API client (SPEC §7, DESIGN §5): same-origin `/api`, JSON, `X-Requested-With`, `App-Language`
 * and `X-CSRF-TOKEN` from the page head, credentials same-origin. Error responses become `ApiError` with the
 * status, the parsed JSON body and the address attached (SPEC §8). A response that hands out a new
 * `csrfToken` refreshes the token in the page head, so the next call sends it (sign-in, sign-up, sign-out).
 */
import { FALLBACK_LOCALE } from '~/constants.ts';
import type { RatingsPage, ReviewTranslation } from '~/domain/ratings.ts';
import type { ContactMessageBody } from '~/domain/contact-schema.ts';
import type { UserView } from '~/domain/account-view.ts';
import type { FaqEntry } from '~/domain/faq-text.ts';
import type { AppliedCoupon } from '~/domain/pricing.ts';
import { readMeta as defaultReadMeta, writeMeta as defaultWriteMeta } from './head.ts';

/** Base path of every API call (SPEC §7). */
const API_BASE = '/api';

/** The body of `POST auth/signup`. */
export type SignUpBody = {
  gender: boolean | 'd' | null;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  newsletter?: boolean;
  terms: boolean;
};

/** The JSON error body of the API (DESIGN §5). */
export type ApiErrorBody = { message?: string; errors?: Record<string, string[]> };

/** An HTTP error from the API, with its status, parsed JSON body (or `null`) and address (SPEC §8). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: ApiErrorBody | null,
    public readonly url: string,
    /** The raw response text, as reported to the error endpoint (SPEC §8). */
    public readonly content: string = body ? JSON.stringify(body) : '',
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** The field errors of a 422 answer (`{}` for other statuses). */
  get fieldErrors(): Record<string, string[]> {
    return this.body?.errors ?? {};
  }
}

/** Whether `error` is an `ApiError`, optionally with the given status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** What the client needs from its surroundings; injectable for tests. */
export type ApiDeps = {
  fetch: typeof fetch;
  readMeta: (name: string) => string;
  writeMeta: (name: string, value: string) => void;
};

/** Options of one request. */
export type RequestOptions = { headers?: Record<string, string>; signal?: AbortSignal };

/** Builds the headers of SPEC §7 from the current page head (read on every call: the token may change). */
function apiHeaders(readMeta: ApiDeps['readMeta'], extra: Record<string, string> = {}): Record<string, string> {
  // Only the test host's pages carry it (SPEC §7: its fixed basic authorization; issue 16).
  const authorization = readMeta('api-authorization');
  return {
    ...(authorization ? { Authorization: authorization } : {}),
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'App-Language': readMeta('locale') || FALLBACK_LOCALE,
    'X-CSRF-TOKEN': readMeta('csrf-token'),
    ...extra,
  };
}

/** Joins the base and a path given with or without a leading slash (`auth/check`, `/auth/check`). */
function apiUrl(path: string): string {
  return `${API_BASE}/${path.replace(/^\/+/, '')}`;
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Creates an API client bound to `deps`.
 * `request` resolves with the parsed JSON body (`null` for an empty body such as 204) and rejects with `ApiError`
 * on a non-2xx status; network failures reject with the `fetch` error unchanged.
 */
export function createApiClient(deps: Partial<ApiDeps> = {}) {
  const d: ApiDeps = {
    fetch: deps.fetch ?? ((...args) => globalThis.fetch(...args)),
    readMeta: deps.readMeta ?? ((name) => defaultReadMeta(name)),
    writeMeta: deps.writeMeta ?? ((name, value) => defaultWriteMeta(name, value)),
  };

  async function request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    const url = apiUrl(path);
    const response = await d.fetch(url, {
      method,
      credentials: 'same-origin',
      headers: apiHeaders(d.readMeta, options.headers),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
    const text = await response.text();
    const parsed = parseJson(text);
    if (parsed && typeof parsed === 'object' && 'csrfToken' in parsed && typeof parsed.csrfToken === 'string') {
      d.writeMeta('csrf-token', parsed.csrfToken);
    }
    if (!response.ok) {
      const errorBody = parsed && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null;
      throw new ApiError(response.status, errorBody, response.url || url, text);
    }
    return parsed as T;
  }

  const get = <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options);
  const post = <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('POST', path, body, options);
  const enc = encodeURIComponent;

  return {
    request,
    get,
    post,
    /** The calls of SPEC §7 / DESIGN §5, one function each. */
    auth: {
      check: () => get<{ authenticated: boolean }>('auth/check'),
      signin: (body: { login: string; password: string }) =>
        post<{ user: UserView; csrfToken: string }>('auth/signin', body),
      signup: (body: SignUpBody) => post<{ user: UserView; csrfToken: string }>('auth/signup', body),
      signout: () => get<{ csrfToken: string }>('auth/signout'),
      me: () => get<{ user: UserView }>('auth/me'),
      lostPassword: (body: { email: string }) => post<{ message: string }>('auth/lost-password', body),
      resetPassword: (body: { token: string; password: string; passwordConfirmation: string }) =>
        post<{ message: string }>('auth/reset-password', body),
      verifyEmail: (body: { token: string }) => post<{ message: string; user?: UserView }>('auth/verify-email', body),
    },
    account: {
      profile: (body: Record<string, unknown>) => post<{ user: UserView }>('account/profile', body),
      password: (body: { currentPassword: string; password: string; passwordConfirmation: string }) =>
        post<{ message: string }>('account/password', body),
      email: (body: { password: string; email: string }) => post<{ message: string }>('account/email', body),
      delete: (body: { password: string }) => post<{ csrfToken: string }>('account/delete', body),
    },
    checkout: {
      cart: (body: Record<string, unknown>, options?: RequestOptions) =>
        post<{ cart: unknown; redirect: string }>('checkout/cart', body, options),
      submit: (body: Record<string, unknown>, options?: RequestOptions) =>
        post<{ reservation: unknown; redirect: string }>('checkout', body, options),
      validate: (body: { step: 'travel' | 'billingAddress' | 'payment' } & Record<string, unknown>) =>
        post<{ valid: true }>('checkout/validate', body),
      validateTravel: (body: Record<string, unknown>) => post<{ valid: true }>('checkout/validate/travel', body),
      validateBillingAddress: (body: Record<string, unknown>) =>
        post<{ valid: true }>('checkout/validate/billing-address', body),
      validatePayment: (body: Record<string, unknown>) => post<{ valid: true }>('checkout/validate/payment', body),
      coupon: (body: { couponCode: string; entryTime: string; exitTime: string }) =>
        post<{ coupon: AppliedCoupon }>('checkout/coupon', body),
    },
    databaseCheck: (parameter: string) => get<{ exists: boolean }>(`database/check/${enc(parameter)}`),
    newsletter: (body: Record<string, unknown>) => post<{ message: string }>('newsletter', body),
    priceWatch: (body: { email: string; airportId: number; entryTime: string; exitTime: string }) =>
      post<{ message: string }>('price-watch', body),
    ekomiRatings: (id: string | number, page: number = 1) =>
      get<RatingsPage>(`ekomi-ratings/${enc(String(id))}/${page}`),
    ekomiTranslate: (id: string | number) => get<ReviewTranslation>(`ekomi-ratings/translate/${enc(String(id))}`),
    lockedAirportNotification: (body: { email: string; airportId: number | string; airportStatus: string }) =>
      post<{ message: string }>('locked-airport-notification', body),
    errorReport: (body: unknown) => post<null>('error-report', body),
    faq: () => get<{ entries: FaqEntry[] }>('faq'),
    contact: (body: ContactMessageBody) => post<{ message: string }>('contact', body),
  };
}

/** The page's API client. */
export const api = createApiClient();
