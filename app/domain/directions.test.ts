import { describe, expect, it } from 'vitest';
import { directionLinks, formatCoordinates } from './directions.ts';

describe('directionLinks', () => {
  const links = directionLinks({ name: 'Parkhaus P36 & Valet', latitude: 50.0437, longitude: 8.5583 });

  it('builds a geo: URI with the encoded label (RFC 5870, Android q= form)', () => {
    expect(links.geo).toBe('geo:50.0437,8.5583?q=50.0437,8.5583(Parkhaus%20P36%20%26%20Valet)');
  });

  it('builds Apple Maps, Google Maps and OpenStreetMap directions to the coordinates', () => {
    expect(links.apple).toBe('https://maps.apple.com/?daddr=50.0437,8.5583&q=Parkhaus%20P36%20%26%20Valet&dirflg=d');
    expect(links.google).toBe('https://www.google.com/maps/dir/?api=1&destination=50.0437,8.5583&travelmode=driving');
    const osm = new URL(links.osm);
    expect(osm.host).toBe('www.openstreetmap.org');
    expect(osm.pathname).toBe('/directions');
    expect(osm.searchParams.get('route')).toBe(';50.0437,8.5583');
  });

  it('rounds to six decimals and refuses impossible coordinates', () => {
    expect(directionLinks({ name: 'x', latitude: 50.12345678, longitude: -0.1 }).geo).toMatch(
      /^geo:50\.123457,-0\.1\?/,
    );
    expect(() => directionLinks({ name: 'x', latitude: 91, longitude: 0 })).toThrow(RangeError);
    expect(() => directionLinks({ name: 'x', latitude: Number.NaN, longitude: 0 })).toThrow(RangeError);
  });
});

describe('formatCoordinates', () => {
  it('writes hemispheres, four decimals', () => {
    expect(formatCoordinates(50.0437, 8.5583)).toBe('50.0437° N, 8.5583° E');
    expect(formatCoordinates(-33.9, -70.79)).toBe('33.9000° S, 70.7900° W');
  });
});
