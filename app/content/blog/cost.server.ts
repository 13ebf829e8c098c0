import { policy } from "~/business";
import type { BlogPost } from "../blog-post";
import { blogAuthor, priceClaims } from "./facts.server";

export const photoBoothCost: BlogPost = {
  title: "How Much Does Photo Booth Hire Cost in Melbourne?",
  date: "2025-10-17",
  author: blogAuthor,
  slug: "blog-post-photobooth-cost",
  excerpt:
    "Typical prices for open, enclosed and glam booths in Melbourne, what is included, and the questions to ask so a cheap quote does not turn expensive.",
  keywords: [
    "photo booth hire cost Melbourne",
    "photo booth prices",
    "cheap photo booth hire western suburbs",
    "glam booth price",
  ],
  cover: "/images/blog/cost.svg",
  content: `
<p>"How much is a photo booth?" is the first question almost everyone asks us, and it deserves a straight answer. Prices across Melbourne vary a lot, mostly because different companies include very different things. Here is what a fair price looks like, and how to compare quotes properly.</p>

<h2>Typical prices</h2>
<p>For a standard open booth or an enclosed booth, expect to pay around ${priceClaims.standardThreeHours}. A glam booth, with black-and-white portraits and postcard-size prints, usually sits around ${priceClaims.glamThreeHours}. Shorter events cost less: our standard and enclosed booths start ${priceClaims.standardFrom}, and the glam booth starts ${priceClaims.glamFrom}. Full price details for every length are on our <a href="/packages">packages page</a>.</p>

<h2>What should be included</h2>
<p>A low headline price can hide extra charges. Before you compare, check whether each quote includes:</p>
<ul>
<li>unlimited prints for the whole package, not a fixed number of strips;</li>
<li>a props box and a backdrop;</li>
<li>an attendant for the whole event, ideally one holding a Working with Children Check;</li>
<li>delivery, set-up and pack-down;</li>
<li>a digital copy of every photo, on USB or online, with instant sharing on the night.</li>
</ul>
<p>All of these come with our packages. Longer packages add extras such as additional prints, an online gallery and a traditional guest book.</p>

<h2>Where the money goes</h2>
<p>Most of the cost is people and time rather than equipment: travel, an hour of setting up before guests arrive, the attendant's hours and packing down afterwards. That is why a 2-hour booking costs more per hour than a longer one, and why we offer discounts on multi-hour bookings. If your event runs late into the night, one longer package is better value than extending on the day.</p>

<h2>Travel in the west</h2>
<p>Delivery is free within ${policy.freeDeliveryKm} km of Tarneit, and there are no travel fees anywhere in the Melbourne metro. That covers Werribee, Point Cook, Hoppers Crossing, Sunshine, Footscray and Melton, and most of the way to Geelong. We serve an area of about ${policy.serviceRadiusKm} km around Tarneit, so Geelong and Grovedale are on our regular map too.</p>

<h2>Questions to ask every supplier</h2>
<ul>
<li>How long is the quote valid? Ours holds for ${policy.quoteValidDays} days.</li>
<li>What happens if we cancel or change the date? Read the <a href="/terms">terms</a> before you pay a deposit.</li>
<li>How much floor space is needed? We recommend ${policy.recommendedSpace}.</li>
<li>Which payment methods are accepted, and is every price quoted in ${policy.currency}?</li>
</ul>

<p>Want an exact figure for your date? A <a href="/quickquote">quick quote</a> takes about a minute.</p>
`,
};
