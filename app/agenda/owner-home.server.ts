/**
 * The owner's home (docs/product-decisions.md, "The owner's page, bank payments and the photos"):
 * `/owner?token=…`, its own kind of token (`home`). The coming weeks' bookings, a search over every
 * booking through the index (one call to it, whatever the number of bookings stored), the blocked
 * dates and the promo codes, each with its form, and a link to the owner's numbers. The CLI ways (`wrangler kv key put blocked:…`,
 * `npm run promo`) write the same keys, so both read the same data.
 */
import { agenda } from "~/business";
import { isOwnerToken, ownerFeedUrls, ownerNumbersUrl } from "~/agenda/tokens.server";
import { searchFolded } from "~/bookings/by-date/booking-index";
import { blockedThing, isBlockSlug, listBlocks, type BlockLine } from "~/bookings/holds/blocks.server";
import { boothSlugs } from "~/bookings/holds/fleet";
import { itemSlug } from "~/bookings/holds/stock";
import { amountsDue, formatCents } from "~/bookings/record/amounts";
import { billableOf } from "~/bookings/record/billable";
import { autopayFailures } from "~/bookings/record/autopay-failures";
import type { BookingRecord } from "~/bookings/record/booking";
import { ownerLinkSigner, ownerLinkWorks, takeBackOwnerLinks } from "~/bookings/record/owner-links.server";
import { findBooking } from "~/bookings/record/record.server";
import { stockedItems, stockItemName } from "~/prices/extras";
import { describePromo, parsePromoCommand, PromoCommandError } from "~/promos/promo-command";
import { listPromos, readPromo } from "~/promos/promo-store.server";
import { boothTypes } from "~/pricing";
import { blockKey, promoKey } from "~/storage-keys";
import type { AddPromoInput } from "~/input/owner-forms";
import type { Services } from "~/types/services";
import { formatDateInWords } from "~/utils/date-words";
import { addDays, melbourneToday } from "~/utils/melbourne-time";

type HomeDeps = Pick<Services, "config" | "kv" | "generations" | "now" | "index" | "promoUses">;

/** Whether the query's token opens the owner's home. */
export function isHomeToken(services: Pick<Services, "config" | "generations">, query: URLSearchParams): Promise<boolean> {
  return isOwnerToken(services, "home", query.get("token"));
}

/** One booking's row: when, who, which booth, its status, what is owed, and its owner's page. */
export interface HomeRow {
  invoiceNumber: string;
  date: string;
  client: string;
  booth: string;
  status: string;
  owed: string;
  page: string | null;
}

/** The most rows a search answers: the owner narrows it by typing more. */
const searchLimit = 30;

async function rowsOf(services: HomeDeps, bookings: readonly BookingRecord[], today: string): Promise<HomeRow[]> {
  const sign = ownerLinkSigner(services);
  return Promise.all(
    bookings.map(async (booking) => {
      const due = amountsDue(billableOf(booking));
      return {
        invoiceNumber: booking.invoiceNumber,
        date: formatDateInWords(booking.eventDate),
        client: booking.fullName,
        booth: `${booking.boothType}, ${booking.packageDuration}`,
        status: booking.status,
        owed: due.refundOwedCents ? `${formatCents(due.refundOwedCents)} to refund` : due.owingCents ? `${formatCents(due.owingCents)} owing` : "paid",
        // The owner's page of a booking opens until 30 days after its event (docs/product-decisions.md, "Links and what each may do"): an older one is listed unlinked.
        page: ownerLinkWorks(booking, "booking", today) ? await sign(booking.invoiceNumber, "booking") : null,
      };
    }),
  );
}

export interface OwnerHomeView {
  /** The owner's numbers page, its own read-only token. */
  numbers: string | null;
  /** The owner's calendar feed, to subscribe to on their phone (its own read-only token); null without its secret. */
  calendar: string | null;
  /** Last month's and this month's books in Xero's import templates (the export's token); null without its secret. */
  xero: { month: string; salesInvoices: string; creditNotes: string }[] | null;
  weeks: number;
  coming: HomeRow[];
  /** Bookings to come whose autopay charge of an instalment failed, while it is still short (docs/product-decisions.md, "Payment plans and autopay"). */
  autopayFailed: HomeRow[];
  search: { text: string; rows: HomeRow[]; more: boolean } | null;
  blocks: BlockLine[];
  promos: string[];
  /** The codes that can still be ended. */
  endable: string[];
  /** What a block can stop, for the form's choice: every booth, one booth type, one add-on or backdrop. */
  blockable: { slug: string; name: string }[];
  today: string;
}

export async function ownerHomeView(services: HomeDeps, searchText: string): Promise<OwnerHomeView> {
  const today = melbourneToday(services.now());
  const text = searchFolded(searchText).slice(0, 100);
  // Every booking to come, in the one call: the coming weeks are among them, and a plan's failed charge may be months before its event.
  const [toCome, found, blocks, promos, numbers, feeds] = await Promise.all([
    services.index.find({ kind: "events", from: today }),
    text ? services.index.find({ kind: "search", text, limit: searchLimit + 1 }) : Promise.resolve(null),
    listBlocks(services.kv, today),
    listPromos(services),
    ownerNumbersUrl(services),
    ownerFeedUrls(services),
  ]);
  const thisMonth = today.slice(0, 7);
  return {
    numbers,
    calendar: feeds?.calendar ?? null,
    xero: feeds && [addDays(`${thisMonth}-01`, -1).slice(0, 7), thisMonth].map((month) => ({ month, ...feeds.xero(month) })),
    weeks: agenda.homeWeeks,
    coming: await rowsOf(services, toCome.map(({ booking }) => booking).filter((booking) => booking.eventDate <= addDays(today, agenda.homeWeeks * 7)), today),
    autopayFailed: await rowsOf(services, toCome.map(({ booking }) => booking).filter((booking) => autopayFailures(booking).length), today),
    search: found ? { text: searchText, rows: await rowsOf(services, found.slice(0, searchLimit).map(({ booking }) => booking), today), more: found.length > searchLimit } : null,
    blocks,
    promos: promos.map(describePromo),
    endable: promos.filter((promo) => !promo.endedAt).map((promo) => promo.code),
    blockable: [
      { slug: "", name: "Every booth" },
      ...boothTypes.map((type) => ({ slug: boothSlugs[type], name: type })),
      ...stockedItems.map((item) => ({ slug: itemSlug(item), name: stockItemName(item) })),
    ],
    today,
  };
}

/** What a form on the home page came to: a sentence, done or refused. */
export type HomeOutcome = { ok: true; said: string } | { ok: false; said: string };

/** Blocks a date (everything, a booth type or an item) with the owner's reason: the key the CLI writes. */
export async function blockFromHome(services: Pick<Services, "kv">, date: string, slug: string, reason: string): Promise<HomeOutcome> {
  if (slug && !isBlockSlug(slug)) return { ok: false, said: "Choose a booth, an add-on or a backdrop to block, or every booth." };
  await services.kv.put(blockKey(date, slug || null), reason || "Blocked from the owner's home");
  return { ok: true, said: `Blocked ${slug ? blockedThing(slug) : "every booth"} on ${formatDateInWords(date)}.` };
}

/** Lifts a block by its key (`unblockSchema` took only a block's key). */
export async function unblockFromHome(services: Pick<Services, "kv">, key: string): Promise<HomeOutcome> {
  await services.kv.delete(key);
  return { ok: true, said: `Unblocked ${key.slice("blocked:".length)}.` };
}

/**
 * Takes back every owner link of one booking made so far (its page, and each action link in the
 * e-mails about it), as `npm run owner:links -- --revoke-booking` does: for an owner e-mail
 * forwarded to the wrong person. Every other booking's links keep working; this home lists the
 * booking's new page.
 */
export async function takeBackFromHome(services: Pick<Services, "kv" | "generations">, invoiceNumber: string): Promise<HomeOutcome> {
  if (!(await findBooking(services.kv, invoiceNumber))) return { ok: false, said: `There is no booking ${invoiceNumber}.` };
  await takeBackOwnerLinks(services.generations, invoiceNumber);
  return { ok: true, said: `Took back every link of yours to booking ${invoiceNumber} made so far: they answer 404 now, everywhere. Search for it here for its new page.` };
}

/**
 * Adds a promo code with the same checks as `npm run promo -- add` (the form's fields become its
 * arguments), refusing a code that exists; or ends one, as `npm run promo -- end` does.
 */
export async function promoFromHome(services: Pick<Services, "kv" | "now">, form: { end: { code: string } } | { add: AddPromoInput }): Promise<HomeOutcome> {
  const now = services.now();
  const argv =
    "end" in form
      ? ["end", form.end.code]
      : [
          "add",
          form.add.code,
          form.add.off === "dollars" ? "--dollars" : "--percent",
          form.add.amount,
          ...(["from", "to", "uses", "expires"] as const).flatMap((flag) => (form.add[flag] ? [`--${flag}`, form.add[flag]] : [])),
          ...(form.add.weekdays ? ["--weekdays"] : []),
        ];
  try {
    const command = parsePromoCommand(argv, { now, today: melbourneToday(now) });
    if (command.action === "add") {
      if (await readPromo(services.kv, command.promo.code)) return { ok: false, said: `${command.promo.code} exists already: end it, or choose another code.` };
      await services.kv.put(promoKey(command.promo.code), JSON.stringify(command.promo));
      return { ok: true, said: `Added ${describePromo({ ...command.promo, used: 0 })}.` };
    }
    if (command.action !== "end") return { ok: false, said: "Say what to do with the code." };
    const promo = await readPromo(services.kv, command.code);
    if (!promo) return { ok: false, said: `There is no code ${command.code}.` };
    if (promo.endedAt) return { ok: true, said: `${promo.code} had ended already.` };
    await services.kv.put(promoKey(promo.code), JSON.stringify({ ...promo, endedAt: now.toISOString() }));
    return { ok: true, said: `Ended ${promo.code}: no new booking can use it.` };
  } catch (error) {
    if (!(error instanceof PromoCommandError)) throw error;
    // The command's words name its flags; the form's fields have the same names.
    return { ok: false, said: error.message.replace(/--(\w+)/g, "“$1”") };
  }
}
