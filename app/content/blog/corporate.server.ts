import { policy } from "~/business";
import type { BlogPost } from "../blog-post";
import { blogAuthor } from "./facts.server";

export const corporatePhotoBooth: BlogPost = {
  title: "Corporate Photo Booths: Turning Work Events into Brand Moments",
  date: "2025-10-15",
  author: blogAuthor,
  slug: "blog-post-corporate",
  excerpt:
    "Branded prints, instant sharing and opt-in data capture: how businesses from Laverton North to Geelong use a photo booth at launches, conferences and staff parties.",
  keywords: [
    "corporate photo booth Melbourne",
    "branded photo booth",
    "event activation Melbourne",
    "conference photo booth hire",
  ],
  cover: "/images/blog/corporate.svg",
  content: `
<p>The west of Melbourne is home to warehouses and logistics hubs in Truganina and Derrimut, manufacturers in Laverton North, health and education campuses in Sunshine and Footscray, and a growing number of offices around Werribee and Geelong. Each of them runs events: a product launch, an end-of-financial-year thank-you, an expo stand or a staff family day. A photo booth at those events is more than entertainment. Set up well, it works for your brand long after the night ends.</p>

<h2>Put your brand on every print</h2>
<p>Every photo can carry a branded template with your logo, colours, campaign hashtag or event name. Guests take the print home and pin it up at their desk, and the digital copy is shared the same evening. A custom backdrop in your brand colours finishes the look, and it photographs far better than a pull-up banner on its own.</p>

<h2>Collect leads the respectful way</h2>
<p>At launches and trade stands, guests can choose to enter their e-mail address to receive their photos. With clear consent wording on screen, that becomes an opt-in contact list you can follow up after the event. We set the questions up with you beforehand, and only collect what you actually need.</p>

<h2>Packages that follow your run sheet</h2>
<p>Corporate events rarely fit a standard party shape, so we plan around three formats:</p>
<ul>
<li><strong>Business Socials</strong> (2 hours): after-work drinks, team milestones and client evenings.</li>
<li><strong>Launch and Activation</strong> (half day): product launches, store openings and expo stands, where the booth draws people in.</li>
<li><strong>Conference and Gala</strong> (full day): registration through to the evening dinner, with one consistent template across both.</li>
</ul>

<h2>Easy for the venue and the event manager</h2>
<p>We arrive early, set up quietly and pack down without fuss. The booth needs a flat, dry area (about ${policy.recommendedSpace} is ideal) and a power point within ${policy.powerWithinMetres} metres. A friendly attendant runs it throughout, keeps the queue moving and resets props between groups, so your team can concentrate on guests. Delivery is free within ${policy.freeDeliveryKm} km of our Tarneit base, which covers most business parks in the west, and we regularly travel to the Geelong waterfront and the CBD.</p>

<h2>What you get afterwards</h2>
<p>Every photo and GIF is delivered on a USB drive or as a digital copy, ready for your newsletter, intranet or social channels. If you captured e-mail addresses, those come to you as a simple list. Paperwork is straightforward: a written quote valid for ${policy.quoteValidDays} days, an invoice in ${policy.currency}, and payment by bank transfer, PayID, credit card or PayPal.</p>

<p>Read more on our <a href="/corporate-events">corporate events page</a>, or send a <a href="/quickquote">quick quote request</a> with your date and venue.</p>
`,
};
