import type { CalendarDate } from "~/utils/melbourne-time";

export type SeasonId = "christmas" | "halloween" | "graduation" | "evergreen";

export interface SeasonalBanner {
  id: SeasonId;
  heading: string;
  text: string;
  linkLabel: string;
  to: string;
}

const banners: Record<SeasonId, SeasonalBanner> = {
  christmas: {
    id: "christmas",
    heading: "Christmas parties are booking fast",
    text: "Work break-ups, family get-togethers and end-of-year club nights: add a booth with tinsel, Santa hats and a festive print frame.",
    linkLabel: "See Christmas photo booths",
    to: "/christmas",
  },
  halloween: {
    id: "halloween",
    heading: "Spooky season is here",
    text: "Witches' hats, glowing props and a moody backdrop turn your Halloween party into a gallery of frights worth keeping.",
    linkLabel: "See Halloween photo booths",
    to: "/halloween",
  },
  graduation: {
    id: "graduation",
    heading: "Graduation season: caps on, cameras ready",
    text: "Formals, valedictory dinners and uni balls deserve more than phone selfies. Send every graduate home with a print.",
    linkLabel: "See graduation photo booths",
    to: "/graduation",
  },
  evergreen: {
    id: "evergreen",
    heading: "Weekends fill up months ahead",
    text: "Weddings, milestone birthdays and work functions across the west: tell us your date and we will hold it while you decide.",
    linkLabel: "Get a quick quote",
    to: "/quickquote",
  },
};

/**
 * The banner for a Melbourne calendar date. Christmas bookings start in November, Halloween
 * fills October, and school and university graduations cluster in the summer (January and
 * February), mid-year (June) and the September ceremonies.
 */
export function seasonalBanner({ month }: CalendarDate): SeasonalBanner {
  if (month === 11 || month === 12) return banners.christmas;
  if (month === 10) return banners.halloween;
  if (month === 1 || month === 2 || month === 6 || month === 9) return banners.graduation;
  return banners.evergreen;
}
