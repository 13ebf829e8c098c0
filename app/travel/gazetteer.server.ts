/**
 * The Victorian gazetteer, generated from published data by scripts/build-gazetteer.mjs (see the
 * README). Server only: about 150 kB the browser never needs.
 */
import data from "./gazetteer.json";
import type { Locality } from "./find-locality";

type Row = [name: string, postcode: string, lat: number, lon: number, greaterMelbourne: 0 | 1];

export const victorianLocalities: readonly Locality[] = (data.rows as Row[]).map(([name, postcode, lat, lon, greaterMelbourne]) => ({
  name,
  postcode,
  lat,
  lon,
  greaterMelbourne: greaterMelbourne === 1,
}));
