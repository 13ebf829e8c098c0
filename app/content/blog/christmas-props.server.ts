import { policy } from "~/business";
import type { BlogPost } from "../blog-post";
import { blogAuthor } from "./facts.server";

export const christmasProps: BlogPost = {
  title: "Christmas Photo Booth Props Guests Actually Use",
  date: "2025-10-29",
  author: blogAuthor,
  slug: "blog-post-christmasprops",
  excerpt:
    "Santa hats, reindeer antlers and an Aussie summer twist: the Christmas photo booth props that get used at end-of-year parties across Melbourne's west.",
  keywords: [
    "Christmas photo booth Melbourne",
    "Christmas party props",
    "end of year party ideas",
    "work Christmas party photo booth",
  ],
  cover: "/images/blog/christmas-props.svg",
  content: `
<p>December in Melbourne's west means work breakups in Laverton and Derrimut, club presentation nights, school end-of-year events and family Christmas gatherings in backyards from Tarneit to Caroline Springs. A photo booth is a natural fit, and props make or break it. After many seasons of watching which props end up in every photo and which stay in the box, here is our list.</p>

<h2>The classics that never fail</h2>
<ul>
<li><strong>Santa hats and elf ears.</strong> Easy to wear over any hairstyle and instantly festive.</li>
<li><strong>Reindeer antlers.</strong> The most popular prop of the season, with grown-ups as well as kids.</li>
<li><strong>Tinsel boas.</strong> A glittery, cheerful update on the feather boa that suits every outfit.</li>
<li><strong>Oversized bows.</strong> Guests hold them up to turn each other into presents.</li>
</ul>

<h2>An Aussie Christmas twist</h2>
<p>Our Christmas is hot, so lean into it. Sunglasses with snowflakes, an inflatable flamingo in a Santa hat, thongs with tinsel, a plush koala in a scarf and a "Merry Christmas from the beach" sign all get big laughs. Props that poke fun at a hot Melbourne Christmas are a hit with visitors from overseas as well.</p>

<h2>Props for work parties</h2>
<p>At corporate events, keep props fun but easy: headbands, glasses and handheld signs rather than anything that messes up hair and make-up before the awards. Speech-bubble boards with light-hearted lines work well, and so does a branded print template with your company logo and the year. It turns every strip into a small team memento.</p>

<h2>Keep them fresh all night</h2>
<p>The best props box is a tidy one. Our attendant resets props between groups, brings out new pieces as the night goes on and keeps anything fragile away from the dance floor. Everything is cleaned between events, and we carry spares of the favourites so the antlers never run out.</p>

<h2>Pair props with the right backdrop</h2>
<p>A red, green or gold sequin wall makes the classic props pop, while a white or floral backdrop gives a softer, more elegant Christmas look. See our <a href="/backdrop">backdrops</a>, and for a black-and-white option the glam booth turns even the silliest reindeer photo into something frame-worthy.</p>

<h2>Book early for December</h2>
<p>The Fridays and Saturdays of December are the busiest weeks of our year. Delivery is free within ${policy.freeDeliveryKm} km of Tarneit, and a written quote holds your price for ${policy.quoteValidDays} days while you get approval. Find out more on our <a href="/christmas">Christmas party page</a> or send a <a href="/quickquote">quick quote request</a> today.</p>
`,
};
