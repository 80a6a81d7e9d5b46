/** Degrees rounded to the 0.01° grid (about 1 km) the server keeps: nothing finer leaves the device. */
export function roundToGrid(degrees: number): number {
  return Math.round(degrees * 100) / 100;
}

export type PositionResult =
  | { ok: true; latitude: number; longitude: number }
  | { ok: false; reason: 'unsupported' | 'denied' | 'unavailable' | 'timeout' };

/** The browser's position, already rounded; a refusal or a failure as a reason to explain. */
export function currentRoundedPosition(geolocation: Geolocation | undefined = navigator.geolocation) {
  return new Promise<PositionResult>((resolve) => {
    if (!geolocation) return resolve({ ok: false, reason: 'unsupported' });
    geolocation.getCurrentPosition(
      (position) =>
        resolve({
          ok: true,
          latitude: roundToGrid(position.coords.latitude),
          longitude: roundToGrid(position.coords.longitude),
        }),
      (error) =>
        resolve({
          ok: false,
          reason: error.code === 1 ? 'denied' : error.code === 3 ? 'timeout' : 'unavailable',
        }),
      // Coarse is all we keep, so the low-power position will do.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  });
}

export const POSITION_PROBLEMS: Record<Exclude<PositionResult, { ok: true }>['reason'], string> = {
  unsupported: 'This browser cannot tell where you are, so Find People Nearby cannot work here.',
  denied:
    'Location access is blocked for this site. Allow it in the browser’s site settings (the icon beside the address), then try again.',
  unavailable:
    'Your device could not find its position (location services may be off). Turn them on, or try again somewhere else.',
  timeout: 'Finding your position took too long. Try again.',
};

export const DISTANCE_LABELS = {
  within_1_km: 'Within 1 km',
  within_5_km: '1–5 km away',
  within_20_km: '5–20 km away',
  within_50_km: '20–50 km away',
} as const;
