/**
 * The crew on the owner's home (docs/product-decisions.md, "Attendants"): this month's paid hours
 * per attendant with the CSV's address, the next two weeks' events with no attendant, and each
 * attendant's details, check and page.
 */
import { ownerToken } from "~/agenda/tokens.server";
import { formatCents } from "~/bookings/record/amounts";
import type { Services } from "~/types/services";
import { addDays, melbourneToday } from "~/utils/melbourne-time";
import { attendantPathSigner, listAttendants } from "./attendants.server";
import { monthHours } from "./hours.server";
import { crewWarnings, staffingDaysAhead, wwccWarning } from "./staffing";

/** One attendant on the owner's home: their details for the edit form, their check's standing and their page. */
export interface HomeAttendant {
  id: string;
  name: string;
  phone: string;
  email: string;
  booths: string[];
  rate: string;
  wwccNumber: string;
  wwccExpires: string;
  /** Set when the check expires within 30 days, or has. */
  wwccWarning: string | null;
  page: string | null;
}

export interface CrewHome {
  /** This month's paid hours per attendant, and the CSV of any month (its `month` to change). */
  hours: { month: string; rows: { name: string; events: number; hours: string; pay: string }[]; csv: string | null };
  attendants: HomeAttendant[];
  /** The next 14 days' events with no attendant, or only ones who declined. */
  unstaffed: string[];
}

export async function crewHomeView(services: Pick<Services, "kv" | "generations" | "config" | "now" | "index" | "crew">): Promise<CrewHome> {
  const today = melbourneToday(services.now());
  const until = addDays(today, staffingDaysAhead);
  const sign = attendantPathSigner(services);
  const month = today.slice(0, 7);
  const [all, coming, assignments, worked, hoursToken] = await Promise.all([
    listAttendants(services.kv),
    services.index.find({ kind: "events", from: today, to: until }),
    services.crew.between(today, until),
    monthHours(services, month),
    ownerToken(services, "crew-hours"),
  ]);
  const attendants = all.filter((attendant) => !attendant.removedAt);
  return {
    hours: {
      month,
      rows: worked.map((row) => ({ name: row.name, events: row.events.length, hours: String(row.hours), pay: formatCents(row.payCents) })),
      csv: hoursToken && `/owner/crew-hours.csv?month=${month}&token=${hoursToken}`,
    },
    attendants: await Promise.all(
      attendants.map(async (attendant) => ({
        id: attendant.id,
        name: attendant.name,
        phone: attendant.phone,
        email: attendant.email,
        booths: attendant.booths,
        rate: (attendant.hourlyRateCents / 100).toFixed(2),
        wwccNumber: attendant.wwccNumber,
        wwccExpires: attendant.wwccExpires,
        wwccWarning: wwccWarning(attendant, today),
        page: await sign(attendant.id),
      })),
    ),
    unstaffed: crewWarnings(
      coming.map(({ booking }) => booking),
      assignments,
      all,
      today,
    ).unstaffed,
  };
}
