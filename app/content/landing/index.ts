import { birthday } from "./birthday";
import { christmas } from "./christmas";
import { corporateEvents } from "./corporate-events";
import { graduation } from "./graduation";
import { halloween } from "./halloween";
import { photoBoothHireMelbourne } from "./photoboothhiremelbourne";
import type { LandingPageData } from "./types";
import { weddings } from "./weddings";

/** All seven landing pages, for tests and listings; each route imports only its own page. */
export const landingPages: readonly LandingPageData[] = [
  christmas,
  graduation,
  photoBoothHireMelbourne,
  corporateEvents,
  weddings,
  birthday,
  halloween,
];
