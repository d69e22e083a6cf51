import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, scrubLogText } from './logger.server.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('the logger (issue 14 item 8)', () => {
  it('logs errors as JSON with their stack, scrubbed of e-mail addresses and tokens', () => {
    const { lines, logger } = capture();
    const error = Object.assign(new Error('duplicate key: Key (email)=(erika@example.com) already exists'), {
      code: '23505',
      detail: 'Key (email)=(erika@example.com) already exists.',
    });
    logger.error({ err: error }, 'insert failed');
    const err = lines[0].err as Record<string, string>;
    expect(err.type).toBe('Error');
    expect(err.message).toBe('duplicate key: Key (email)=([email]) already exists');
    expect(err.detail).toBe('Key (email)=([email]) already exists.');
    expect(err.stack).toMatch(/^Error: duplicate key: Key \(email\)=\(\[email\]\)/);
    expect(err.stack).toMatch(/\n\s+at /);
    expect(err.code).toBe('23505');
  });

  it('removes personal fields and request secrets', () => {
    const { lines, logger } = capture();
    logger.warn(
      {
        email: 'erika@example.com',
        password: 'hunter2hunter2',
        user: { email: 'erika@example.com', id: 7 },
        req: { headers: { cookie: 'eap_session=abc', authorization: 'Basic dGVhbTpzM2NyZXQ=' } },
      },
      'sign-in failed',
    );
    const line = JSON.stringify(lines[0]);
    expect(line).not.toContain('erika@example.com');
    expect(line).not.toContain('hunter2');
    expect(line).not.toContain('eap_session');
    expect(line).not.toContain('dGVhbTpzM2NyZXQ=');
    expect(lines[0]).toMatchObject({ user: { id: 7 }, msg: 'sign-in failed' });
  });

  it('scrubLogText keeps ordinary words and short references', () => {
    expect(scrubLogText('reservation AB12CD34 for a@b.de, session yZ-OV6n-471TYqsEg742ZWBYTIuyjQNQSOnEh-1quZc')).toBe(
      'reservation AB12CD34 for [email], session [token]',
    );
  });
});
