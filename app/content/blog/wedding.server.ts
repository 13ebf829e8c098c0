import { policy } from "~/business";
import type { BlogPost } from "../blog-post";
import { blogAuthor, priceClaims } from "./facts.server";

export const weddingPhotoBooth: BlogPost = {
  title: "Wedding Photo Booth Hire in Melbourne's West: A Planning Guide",
  date: "2025-10-12",
  author: blogAuthor,
  slug: "blog-post-weddingphotobooth",
  excerpt:
    "Where to put the booth, when to open it and which extras are worth it: a practical guide for couples marrying between Williamstown and Geelong.",
  keywords: [
    "wedding photo booth Melbourne",
    "wedding photo booth Werribee",
    "wedding guest book ideas",
    "Geelong wedding photo booth",
  ],
  cover: "/images/blog/wedding.svg",
  content: `
<p>Couples in Melbourne's west have wonderful options for a wedding: homestead gardens near Werribee, winery lawns towards Geelong, bayside rooms in Altona and Williamstown, and a lot of newer function centres around Truganina and Tarneit. Whatever you choose, a photo booth fits in best when you plan it alongside the rest of the day rather than as an afterthought. This is the checklist we walk our wedding couples through.</p>

<h2>Choose the right spot in the room</h2>
<p>The ideal position is visible from the dance floor but not in the path of the catering staff. Near the bar works well; tucked behind a pillar does not. Ask your venue coordinator early for a flat area of about ${policy.recommendedSpace} with a power point within ${policy.powerWithinMetres} metres. If your reception is in a marquee or on a lawn, let us know so we can plan for a firm, dry base; bluestone pavers and decking are perfect, soft grass after rain is not.</p>

<h2>Time it around the formalities</h2>
<p>Most couples open the booth straight after the entrée or the speeches, when guests are settled and looking for something to do, and run it until the last dance. A three-hour package usually covers that window at a typical Saturday reception. If you are planning a long cocktail-style evening, a longer package is better value than adding time on the night.</p>

<h2>Pick a booth that matches your style</h2>
<p>An open booth suits big, lively groups and shows off a backdrop in the background of every shot. The glam booth gives timeless black-and-white portraits with a soft, flattering filter and postcard-size prints, which look beautiful in a guest book. An enclosed booth gives more privacy for guests who are camera shy. Our <a href="/photobooths">booth guide</a> compares all three.</p>

<h2>Extras worth having</h2>
<ul>
<li>A backdrop in your colours; browse the <a href="/backdrop">backdrop gallery</a> for ideas.</li>
<li>A print template with your names and date, so every strip doubles as a keepsake.</li>
<li>A guest book station where guests stick in a print and write a message beside it.</li>
<li>An audio guest book for heartfelt messages from relatives who would rather talk than pose.</li>
</ul>

<h2>Budget and booking</h2>
<p>Standard and enclosed booths usually come in at ${priceClaims.standardThreeHours}, and the glam booth at ${priceClaims.glamThreeHours}. Your attendant holds a Working with Children Check, which matters at weddings full of nieces and nephews. Booking is simple: request a quote, confirm by e-mail, then pay the deposit on the invoice. If your date moves, your deposit can move with it to a new date within ${policy.depositTransferMonths} months.</p>

<p>See our <a href="/weddings">wedding photo booth page</a> for more, or check your date with a <a href="/quickquote">quick quote</a>.</p>
`,
};
