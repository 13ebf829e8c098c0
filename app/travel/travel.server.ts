/** Travel to a venue described in free text: its locality, distance from the base and the fee. */
import { travel } from "~/business";
import { localityFinder, type Locality } from "./find-locality";
import { greatCircleKm, travelCharge, type Travel } from "./fees";
import { victorianLocalities } from "./gazetteer.server";

const findLocality = localityFinder(victorianLocalities);

function baseLocality(): Locality {
  const found = victorianLocalities.find((locality) => locality.name === travel.base.locality && locality.postcode === travel.base.postcode);
  if (!found) throw new Error(`The travel base ${travel.base.locality} ${travel.base.postcode} is not in the gazetteer`);
  return found;
}

const base = baseLocality();

/** Travel to the locality named in `place`, or null when no Victorian locality is found (travel to be confirmed). */
export function travelTo(place: string): Travel | null {
  const locality = findLocality(place);
  if (!locality) return null;
  return {
    locality: locality.name,
    postcode: locality.postcode,
    ...travelCharge(Math.round(greatCircleKm(base, locality)), locality.greaterMelbourne),
  };
}
