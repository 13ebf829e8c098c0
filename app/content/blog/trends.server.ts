import { policy } from "~/business";
import type { BlogPost } from "../blog-post";
import { blogAuthor, priceClaims } from "./facts.server";

export const photoBoothTrends: BlogPost = {
  title: "Photo Booth Trends for Melbourne Events This Season",
  date: "2025-10-22",
  author: blogAuthor,
  slug: "blog-post-photoboothtrends",
  excerpt:
    "Black-and-white glam portraits, audio guest books, 360 spinners and backdrops that match the venue: what hosts in Melbourne's west are asking for this season.",
  keywords: [
    "photo booth trends 2025",
    "glam photo booth Melbourne",
    "360 photo booth",
    "audio guest book Melbourne",
  ],
  cover: "/images/blog/trends.svg",
  content: `
<p>Photo booths have come a long way from a curtain and a coin slot. Over the past year the requests we get from hosts in Werribee, Point Cook, Sunshine and Geelong have changed noticeably. These are the trends we are seeing most as the spring and summer event season gets going.</p>

<h2>Glam booths and black-and-white portraits</h2>
<p>The biggest shift is towards the glam look: crisp black-and-white portraits with a soft, flattering AI-style filter, printed at postcard size. It suits weddings, milestone birthdays and gala dinners, where guests are dressed up and want a photo they will actually frame. Our glam booth starts ${priceClaims.glamFrom}.</p>

<h2>Sharing first, printing too</h2>
<p>Guests now expect their photo on their phone before they have walked back to the table. Instant sharing by QR code or message is standard, but prints have not gone away; if anything, a physical print feels more special now that everything else lives on a screen. The best setups do both, with unlimited prints and a full digital copy for the host afterwards.</p>

<h2>Motion: GIFs, boomerangs and 360 spinners</h2>
<p>Short looping clips are the most shared format at younger crowds' events, especially graduations, school formals and 21sts. A 360 spinner takes that further with a slow-motion video around the group. It needs more floor space than a standard booth, so check the room early if it is on your wish list.</p>

<h2>Audio guest books</h2>
<p>An old-style telephone that records a voice message has become a favourite at weddings and big anniversaries. Relatives who would never write a paragraph in a guest book will happily leave a two-minute story, and those recordings become some of the most treasured keepsakes of the day.</p>

<h2>Backdrops that belong to the venue</h2>
<p>Hosts are moving away from loud sequin walls towards backdrops that echo the room: floral walls for garden receptions, clean white for modern function centres, and black for evening events where the outfits should stand out. Graduation backdrops in school or university colours are popular from October to December. Browse ours in the <a href="/backdrop">backdrop gallery</a>.</p>

<h2>Compact setups for smaller rooms</h2>
<p>Many celebrations in the west now happen in townhouse courtyards, community rooms and small bars rather than big halls. An open booth needs far less room than people expect: around ${policy.recommendedSpace} is ideal, and we can work in ${policy.minimumSpace} when space is tight.</p>

<h2>Which trend suits your event?</h2>
<p>If you are unsure, tell us about your venue and guests and we will recommend a setup. Compare the <a href="/photobooths">booth types</a> or send a <a href="/quickquote">quick quote request</a>.</p>
`,
};
