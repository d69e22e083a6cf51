/**
 * Server-side sessions kept in the `sessions` table (DESIGN §1: the app process holds no state).
 *
 * The browser holds only a signed random id (`eap_session`). A row is written only once the session carries
 * data, so anonymous page views cost one primary-key read and no write. The CSRF token is derived from the id
 * with an HMAC (DESIGN §5: "equal to the session's token"), so it needs no storage and changes when the id is
 * rotated at sign-in or destroyed at sign-out.
 */
import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '#database/client.server.ts';
import { runStatement } from '#database/prepared-statement.server.ts';
import { sessions } from '#database/schema.ts';
import { hitFromRow, RATE_LIMIT_HIT_SQL, type HitRow, type RateLimitHit } from '~/services/rate-limit-store.server.ts';
import type { SessionChange, SessionPort, SessionRow, SessionValues } from '~/services/session-port.ts';

/** Name of the session cookie over plain HTTP (development, tests). */
const SESSION_COOKIE = 'eap_session';
/**
 * Name of the session cookie under HTTPS (`COOKIE_SECURE=1`): the `__Host-` prefix makes the browser accept it only
 * with `Secure`, `Path=/` and no `Domain`, so no sibling subdomain or plain-HTTP answer can plant or overwrite it
 * (issue 14 item 7; RFC 6265bis cookie prefixes).
 */
const SECURE_SESSION_COOKIE = '__Host-eap_session';
/** Sliding session lifetime, ms (14 days). */
const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** A signed-in session ends after this long without a request, ms (2 hours; issue 8, decision 0010). */
export const SIGNED_IN_IDLE_MS = 2 * 60 * 60 * 1000;
/** A signed-in session ends this long after the sign-in whatever the activity, ms (30 days; issue 8). */
export const SIGNED_IN_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** A signed-in session's `lastSeenAt` is written at most this often, ms (bounds the writes per visitor). */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Known session fields, all optional: the services' fields plus what only pages use. */
export type SessionData = SessionValues & {
  /** one flash message shown on the next page (DESIGN §7) */
  flash?: { title?: string; message: string; type?: string };
};

/** A loaded session. Mutations mark it dirty; `save()` persists them. Services see it as a `SessionPort`. */
export class Session implements SessionPort {
  dirty = false;
  private cookieNeeded: boolean;

  constructor(
    private readonly store: SessionStore,
    public id: string,
    public data: SessionData,
    isNew: boolean,
  ) {
    this.cookieNeeded = isNew;
  }

  /** The CSRF token bound to this session id. */
  get csrfToken(): string {
    return this.store.csrfTokenFor(this.id);
  }

  get<K extends keyof SessionData>(key: K): SessionData[K] {
    return this.data[key];
  }

  set<K extends keyof SessionData>(key: K, value: SessionData[K]): void {
    this.data[key] = value;
    this.dirty = true;
  }

  unset(key: keyof SessionData): void {
    if (key in this.data) {
      delete this.data[key];
      this.dirty = true;
    }
  }

  /** Reads and removes the flash message. */
  takeFlash(): SessionData['flash'] {
    const flash = this.data.flash;
    if (flash) this.unset('flash');
    return flash;
  }

  /** Checks a token from a request header in constant time. */
  verifyCsrf(token: string | undefined | null): boolean {
    if (!token) return false;
    const expected = Buffer.from(this.csrfToken);
    const given = Buffer.from(token);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }

  /** Gives the session a new id (keeping its data), e.g. at sign-in against session fixation. */
  async rotate(): Promise<void> {
    await this.store.delete(this.id);
    this.id = this.store.newId();
    this.cookieNeeded = true;
    this.dirty = true;
  }

  /** Deletes the stored data and starts over with a new, empty session. */
  async destroy(): Promise<void> {
    await this.store.delete(this.id);
    this.id = this.store.newId();
    this.data = {};
    this.cookieNeeded = true;
    this.dirty = false;
  }

  /** The row of this session's data with `change` applied to a copy (decision 0035); the session stays as it is. */
  rowAfter(change: SessionChange): SessionRow {
    // A shallow copy is enough: `set` and `unset` replace a field's value, never change it in place.
    const draft = new Session(this.store, this.id, { ...this.data }, false);
    change(draft);
    return this.store.rowOf(this.id, draft.data);
  }

  /** Applies `change`, already stored with everything else this session held: nothing left for `save()` to write. */
  applyStored(change: SessionChange): void {
    change(this);
    this.dirty = false;
  }

  /** Persists data when changed; returns the Set-Cookie header value when the browser needs the id. */
  async save(): Promise<string | null> {
    if (this.dirty) {
      await this.store.write(this.id, this.data);
      this.dirty = false;
    }
    if (!this.cookieNeeded) return null;
    this.cookieNeeded = false;
    return this.store.serializeCookie(this.id);
  }
}

/** Options of the session store; `now` is the clock (the app's, so tests can move it; default the system's). */
export type SessionStoreOptions = { db: Database; secret: string; secure: boolean; now?: () => Date };

/** Reads, writes and signs sessions. */
export class SessionStore {
  /** The session lookup of every request with a cookie, prepared on first use (issue 11: planned once per connection). */
  private byIdStatement?: ReturnType<SessionStore['prepareById']>;
  private writeStatement?: ReturnType<SessionStore['prepareWrite']>;

  /** `__Host-eap_session` under HTTPS, `eap_session` otherwise. */
  readonly cookieName: string;

  constructor(private readonly options: SessionStoreOptions) {
    this.cookieName = options.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  }

  private prepareById() {
    return this.options.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare('session_by_id');
  }

  private nowMs(): number {
    return (this.options.now?.() ?? new Date()).getTime();
  }

  /** A new random id (32 bytes, base64url). */
  newId(): string {
    return crypto.randomBytes(32).toString('base64url');
  }

  csrfTokenFor(id: string): string {
    return crypto.createHmac('sha256', this.options.secret).update(`csrf:${id}`).digest('base64url');
  }

  private sign(id: string): string {
    return crypto.createHmac('sha256', this.options.secret).update(`sid:${id}`).digest('base64url');
  }

  /**
   * The id from a `Cookie` header when its signature holds, else null. A value that is not even decodable (e.g.
   * `a%ZZ`, planted by a sibling subdomain or left by a broken client) counts as no cookie: the visitor gets a new
   * session whose cookie replaces it, instead of an error on every request (issue 14).
   */
  parseCookie(header: string | undefined): string | null {
    if (!header) return null;
    for (const part of header.split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name !== this.cookieName) continue;
      let value: string;
      try {
        value = decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
      const [id, signature] = value.split('.');
      if (!id || !signature) return null;
      const expected = Buffer.from(this.sign(id));
      const given = Buffer.from(signature);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? id : null;
    }
    return null;
  }

  serializeCookie(id: string): string {
    const parts = [
      `${this.cookieName}=${id}.${this.sign(id)}`,
      'Path=/',
      'HttpOnly',
      'SameSite=Lax',
      `Max-Age=${Math.floor(SESSION_TTL_MS / 1000)}`,
    ];
    if (this.options.secure) parts.push('Secure');
    return parts.join('; ');
  }

  /**
   * Loads the session of a request (cookie header), or starts a new one. A signed-in session past its idle
   * (2 h) or absolute (30 days) time-out is deleted and replaced by a new anonymous one; otherwise its
   * `lastSeenAt` is refreshed (at most once a minute; written by the next `save()`).
   */
  async load(cookieHeader: string | undefined): Promise<Session> {
    const id = this.parseCookie(cookieHeader);
    if (!id) return new Session(this, this.newId(), {}, true);
    const [row] = await (this.byIdStatement ??= this.prepareById()).execute({ id });
    return this.fromRow(id, row && { data: row.data, expiresAt: row.expiresAt });
  }

  /**
   * Like {@link load}, and counts one hit of the rate-limit counter `counter.key` (window `counter.windowMs`) in the
   * same statement: the API's limited paths (checkout, reservations) need both, so one round trip instead of two
   * (decision 0035; the round trip, not the SQL, is what a request pays for on a busy host). The hit counts even
   * when the request fails its CSRF check afterwards.
   *
   * @returns the session and the counter's hits in the current window with the window's end.
   * @throws the driver's error when the database fails; nothing is counted then.
   */
  async loadCounting(
    cookieHeader: string | undefined,
    counter: { key: string; windowMs: number },
  ): Promise<{ session: Session; hit: RateLimitHit }> {
    const id = this.parseCookie(cookieHeader);
    const [row] = await runStatement<HitRow & { data: SessionData | null; expires_at: Date | string | null }>(
      this.options.db,
      {
        name: 'rate_limit_hit_session',
        text: `with hit as (${RATE_LIMIT_HIT_SQL})
          select hit.hits, hit.reset_at, s.data, s.expires_at from hit left join sessions s on s.id = $3::text`,
        // No cookie: an id no session has, so the join finds nothing and the statement stays one text.
        values: [counter.key, counter.windowMs / 1000, id ?? ''],
      },
    );
    const hit = hitFromRow(row);
    if (!id) return { session: new Session(this, this.newId(), {}, true), hit };
    const stored = row.expires_at === null ? undefined : { data: row.data, expiresAt: new Date(row.expires_at) };
    return { session: await this.fromRow(id, stored), hit };
  }

  /** The session of a signed cookie's `id` from its stored row (undefined when there is none); see {@link load}. */
  private async fromRow(id: string, row: { data: unknown; expiresAt: Date } | undefined): Promise<Session> {
    const now = this.nowMs();
    if (!row || row.expiresAt.getTime() < now) return new Session(this, id, {}, false);
    const data = row.data as SessionData;
    if (data.userId !== undefined) {
      if (signedInExpired(data, now)) {
        await this.delete(id);
        return new Session(this, this.newId(), {}, true);
      }
      const session = new Session(this, id, data, false);
      if (now - (data.lastSeenAt ?? 0) >= TOUCH_INTERVAL_MS) session.set('lastSeenAt', now);
      return session;
    }
    return new Session(this, id, data, false);
  }

  /** Stores the data; a signed-in session's row expires at its idle or absolute time-out, whichever is first. */
  async write(id: string, data: SessionData): Promise<void> {
    const row = this.rowOf(id, data);
    await (this.writeStatement ??= this.prepareWrite()).execute({
      id,
      data: row.json,
      expiresAt: row.expiresAt,
      userId: row.userId,
    });
  }

  /** The stored form of a session's data: JSON text, the expiry (signed in: idle or absolute time-out), the user. */
  rowOf(id: string, data: SessionData): SessionRow {
    const now = this.nowMs();
    const expiresAt = new Date(data.userId !== undefined ? signedInExpiry(data, now) : now + SESSION_TTL_MS);
    return { id, json: JSON.stringify(data), expiresAt, userId: data.userId ?? null };
  }

  /**
   * The session upsert of every request that changes a session (a cart, a checkout), prepared on first use (issue 11:
   * planned once per connection). The data goes as JSON text, cast in the statement, so both drivers bind it alike.
   */
  private prepareWrite() {
    const data = sql`${sql.placeholder('data')}::jsonb`;
    return this.options.db
      .insert(sessions)
      .values({
        id: sql.placeholder('id'),
        data,
        expiresAt: sql.placeholder('expiresAt'),
        userId: sql.placeholder('userId'),
      })
      .onConflictDoUpdate({
        target: sessions.id,
        set: { data: sql`excluded.data`, expiresAt: sql`excluded.expires_at`, userId: sql`excluded.user_id` },
      })
      .prepare('session_write');
  }

  async delete(id: string): Promise<void> {
    await this.options.db.delete(sessions).where(eq(sessions.id, id));
  }

  /** Removes expired sessions; returns nothing. Called periodically by the server. */
  async purgeExpired(): Promise<void> {
    await this.options.db.delete(sessions).where(lt(sessions.expiresAt, new Date(this.nowMs())));
  }
}

/**
 * Makes a page response carry the session cookie when the session's id changed while the page handled the
 * request (an action rotated or destroyed it: sign-in, sign-up, sign-out). Route actions save the session but
 * usually drop the cookie `save()` returns (e.g. `redirectWithFlash`); without the new cookie the browser would
 * keep the old, deleted id. Hooks `writeHead`, which Node calls before the first byte of every response.
 */
export function sendCookieOnIdChange(res: ServerResponse, session: Session, store: SessionStore): void {
  const idAtStart = session.id;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (session.id !== idAtStart && !res.headersSent) {
      const cookie = store.serializeCookie(session.id);
      const current = res.getHeader('Set-Cookie');
      const list = Array.isArray(current) ? current : current === undefined ? [] : [String(current)];
      if (!list.includes(cookie)) res.setHeader('Set-Cookie', [...list, cookie]);
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

/** When a signed-in session times out (epoch ms): 2 h after the last request, at most 30 days after sign-in. */
function signedInExpiry(data: SessionData, now: number): number {
  const lastSeen = data.lastSeenAt ?? now;
  const signedIn = data.authenticatedAt ?? now;
  return Math.min(lastSeen + SIGNED_IN_IDLE_MS, signedIn + SIGNED_IN_ABSOLUTE_MS);
}

/** True when a signed-in session has passed its idle or absolute time-out (sessions without the times: never). */
function signedInExpired(data: SessionData, now: number): boolean {
  return now >= signedInExpiry(data, now);
}
