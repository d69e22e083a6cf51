import { describe, expect, it } from 'vitest';
import {
  compareHandovers,
  exitReadingErrors,
  fuelFraction,
  parseHandover,
  photoField,
  photoPurgeCutoff,
  type HandoverReadings,
} from './handover.ts';

const valet = { category: 'valet', photosRequired: true, odometerRequired: true } as const;
const shuttle = { category: 'shuttle', photosRequired: false, odometerRequired: false } as const;
const readings = (odometerKm: number | null, fuelEighths: number | null = null): HandoverReadings => ({
  odometerKm,
  fuelEighths,
  chargePercent: null,
  parkingSpace: '',
  damageNotes: '',
});

describe('parseHandover', () => {
  it('accepts an empty handover where nothing is required', () => {
    expect(parseHandover({}, [], shuttle)).toEqual({ ok: true, readings: readings(null) });
  });

  it('requires the four sides, the odometer photo and the reading for valet', () => {
    const result = parseHandover({}, ['front', 'back'], valet);
    expect(result).toEqual({
      ok: false,
      errors: {
        odometerKm: ['validation.required'],
        photoLeft: ['handover.error.photo_required'],
        photoRight: ['handover.error.photo_required'],
        photoOdometer: ['handover.error.photo_required'],
      },
    });
    const full = parseHandover(
      { odometerKm: '12.345', fuelEighths: '6', parkingSpace: ' P3 / 117 ', damageNotes: 'Kratzer hinten links' },
      ['front', 'back', 'left', 'right', 'odometer'],
      valet,
    );
    expect(full).toEqual({
      ok: true,
      readings: {
        odometerKm: 12345,
        fuelEighths: 6,
        chargePercent: null,
        parkingSpace: 'P3 / 117',
        damageNotes: 'Kratzer hinten links',
      },
    });
  });

  it('refuses readings out of range, too long texts and more than eight photos', () => {
    const result = parseHandover(
      {
        odometerKm: '-3',
        fuelEighths: '9',
        chargePercent: '101',
        parkingSpace: 'x'.repeat(41),
        damageNotes: 'y'.repeat(1001),
      },
      ['front', 'back', 'left', 'right', 'odometer', 'extra', 'extra', 'extra', 'extra'],
      shuttle,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors).sort()).toEqual(
        ['chargePercent', 'damageNotes', 'fuelEighths', 'odometerKm', 'parkingSpace', 'photoExtra'].sort(),
      );
    }
  });
});

describe('exit against entry', () => {
  it('refuses an exit odometer below the entry reading', () => {
    expect(exitReadingErrors(readings(1000), readings(999))).toEqual({
      odometerKm: ['handover.error.odometer_below_entry'],
    });
    expect(exitReadingErrors(readings(1000), readings(1000))).toEqual({});
    expect(exitReadingErrors(null, readings(5))).toEqual({});
  });

  it('computes kilometres driven and the fuel change, null where a reading is missing', () => {
    expect(compareHandovers(readings(12_000, 6), readings(12_012, 5))).toEqual({
      kmDriven: 12,
      fuelChangeEighths: -1,
      chargeChangePercent: null,
    });
    expect(compareHandovers(readings(null), readings(12))).toEqual({
      kmDriven: null,
      fuelChangeEighths: null,
      chargeChangePercent: null,
    });
    expect(compareHandovers(null, null).kmDriven).toBeNull();
  });
});

describe('helpers', () => {
  it('names the photo fields', () => {
    expect(photoField('front')).toBe('photoFront');
    expect(photoField('extra')).toBe('photoExtra');
  });

  it('keeps photos 90 days', () => {
    expect(photoPurgeCutoff(new Date('2026-12-31T00:00:00Z')).toISOString()).toBe('2026-10-02T00:00:00.000Z');
  });

  it('shows the fuel gauge as a fraction', () => {
    expect([0, 1, 2, 4, 6, 8].map(fuelFraction)).toEqual(['0', '1/8', '1/4', '1/2', '3/4', '1']);
  });
});
