import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminTokenMatches, adminTokenPath, isLoopbackAddress, removeAdminToken, writeAdminToken } from './internal.ts';

describe('isLoopbackAddress', () => {
  it('accepts 127.0.0.0/8, ::1 and IPv4-mapped loopback', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a)).toBe(true);
  });
  it('refuses every other address and a missing one', () => {
    for (const a of ['10.0.0.1', '192.168.1.5', '203.0.113.50', '::ffff:10.0.0.1', '::', '0.0.0.0', '1270.0.0.1', '']) {
      expect(isLoopbackAddress(a)).toBe(false);
    }
    expect(isLoopbackAddress(undefined)).toBe(false);
  });
});

describe('adminTokenMatches', () => {
  it('matches the exact token only', () => {
    expect(adminTokenMatches('abc', 'abc')).toBe(true);
    expect(adminTokenMatches('abc', 'abd')).toBe(false);
    expect(adminTokenMatches('abc', 'abcd')).toBe(false);
    expect(adminTokenMatches('abc', undefined)).toBe(false);
    expect(adminTokenMatches(undefined, 'abc')).toBe(false);
    expect(adminTokenMatches('', '')).toBe(false);
  });
});

describe('the token file', () => {
  it('is written with mode 0600 (also over an older, more open file) and removed only by its writer', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parkshop-admin-token-'));
    try {
      fs.writeFileSync(adminTokenPath(dir), 'old', { mode: 0o644 });
      const token = writeAdminToken(dir, { port: 3000, host: '0.0.0.0' });
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(fs.statSync(adminTokenPath(dir)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(fs.readFileSync(adminTokenPath(dir), 'utf8'))).toEqual({
        token,
        pid: process.pid,
        port: 3000,
        host: '0.0.0.0',
      });
      const newer = writeAdminToken(dir, { port: 3001, host: '127.0.0.1' });
      removeAdminToken(dir, token);
      expect(fs.existsSync(adminTokenPath(dir))).toBe(true);
      removeAdminToken(dir, newer);
      expect(fs.existsSync(adminTokenPath(dir))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
