import { policy } from "~/business";
import type { BlogPost } from "../blog-post";
import { blogAuthor, priceClaims } from "./facts.server";

export const topFiveReasons: BlogPost = {
  title: "Top 5 Reasons to Hire a Photo Booth in Melbourne",
  date: "2025-10-10",
  author: blogAuthor,
  slug: "top-5-reasons-to-hire-photo-booth-melbourne",
  excerpt:
    "From Werribee backyards to Footscray function rooms, a photo booth keeps every age group mixing, gives guests a keepsake and hands you the best photos of the night.",
  keywords: [
    "photo booth hire Melbourne",
    "photo booth Werribee",
    "party ideas western suburbs",
    "event entertainment Melbourne",
  ],
  cover: "/images/blog/top-five-reasons.svg",
  content: `
<p>Planning a party in Melbourne's west usually means juggling a guest list that runs from toddlers to grandparents, a venue you have never set foot in, and a budget that has to stretch. A photo booth is one of the few additions that solves several of those problems at once. Here are the five reasons our clients in Tarneit, Point Cook, Werribee and beyond give us most often.</p>

<h2>1. It gets every generation in the same frame</h2>
<p>Speeches end, the dance floor has not warmed up yet, and people drift back to the groups they arrived with. A booth breaks that pattern. Cousins who have not spoken since the last wedding squeeze in together, nans discover the feather boas, and work friends finally meet school friends. Because the booth sits in one spot all night, it becomes a natural meeting point rather than another thing competing for attention.</p>

<h2>2. Guests leave with something real</h2>
<p>Phones take a thousand photos that nobody looks at again. A print is different: it goes on the fridge, into the wedding album or onto the office pinboard. Our packages include unlimited prints, so nobody has to ration their turns, and every session can also be sent straight to a phone for instant sharing.</p>

<h2>3. You get the candid photos your photographer misses</h2>
<p>A photographer is busy with the formal moments. The booth catches the rest: the groomsmen in matching sunglasses, the birthday girl's uni friends, the boss in a reindeer headband. At the end of the event you receive every image and GIF on a USB drive or as a digital copy, which makes the thank-you messages and the slideshow easy.</p>

<h2>4. It works in the venues we actually have out west</h2>
<p>Plenty of celebrations here happen in community halls, sporting clubs, backyard marquees and function centres along the Princes Freeway. Our booths are compact and self-contained. We recommend about ${policy.recommendedSpace} of floor space, a flat surface and a power point within ${policy.powerWithinMetres} metres, and we bring everything else. Delivery is free within ${policy.freeDeliveryKm} km, which covers most of Wyndham, Hobsons Bay, Brimbank and Melton.</p>

<h2>5. It costs less than most people expect</h2>
<p>A booth is usually cheaper than an extra hour of catering or a second band set, and it runs for the whole package with an attendant looking after it. Our standard and enclosed booths start ${priceClaims.standardFrom}, and the black-and-white glam booth starts ${priceClaims.glamFrom}. Longer packages add extras such as an online gallery and a traditional guest book, and multi-hour bookings come with a discount.</p>

<h2>Ready to lock in your date?</h2>
<p>Weekends in spring and the end-of-year party season fill up first. Have a look at our <a href="/packages">packages</a>, then send a <a href="/quickquote">quick quote request</a> with your date and suburb. We reply with a written quote you can hold for ${policy.quoteValidDays} days while you talk it over.</p>
`,
};
