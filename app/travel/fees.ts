/**
 * Distance and travel fee (docs/product-decisions.md, "Travel"). Plain arithmetic with no data attached, so the
 * gazetteer build script and the browser-free unit tests use exactly what the Worker uses.
 */
import { travel } from "~/business";

export interface Point {
  lat: number;
  lon: number;
}

export interface TravelCharge {
  distanceKm: number;
  /** Whole AUD. */
  travelFee: number;
  freeDelivery: boolean;
  /** False beyond the online limit: the visitor is sent to the quote form. */
  bookable: boolean;
}

/** Travel to one locality: what `/api/travel` answers and a booking keeps. */
export interface Travel extends TravelCharge {
  locality: string;
  postcode: string;
}

/** The IUGG mean earth radius. */
const earthRadiusKm = 6371.0088;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine), not rounded. */
export function greatCircleKm(from: Point, to: Point): number {
  const dLat = radians(to.lat - from.lat);
  const dLon = radians(to.lon - from.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** What travel costs for a venue `distanceKm` (whole km) from the base. */
export function travelCharge(distanceKm: number, greaterMelbourne: boolean): TravelCharge {
  const freeDelivery = greaterMelbourne || distanceKm <= travel.freeWithinKm;
  return {
    distanceKm,
    travelFee: freeDelivery ? 0 : (distanceKm - travel.freeWithinKm) * travel.dollarsPerKmBeyond,
    freeDelivery,
    bookable: distanceKm <= travel.onlineLimitKm,
  };
}
