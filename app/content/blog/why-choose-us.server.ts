import { business, policy, serviceAreas, slugify } from "~/business";
import type { BlogPost } from "../blog-post";
import { blogAuthor } from "./facts.server";

export const whyChooseUs: BlogPost = {
  title: `Why Choose a Photo Booth with ${business.name}`,
  date: "2025-10-20",
  author: blogAuthor,
  slug: `why-choose-photo-booth-with-${slugify(business.name)}`,
  excerpt: `A local team based in ${business.address.suburb}, attendants with Working with Children Checks, unlimited prints and clear terms: what you get when you book with ${business.name}.`,
  keywords: [
    business.name,
    "local photo booth company Tarneit",
    "photo booth hire western suburbs",
    "reliable photo booth hire Melbourne",
  ],
  cover: "/images/blog/why-choose-us.svg",
  content: `
<p>There are plenty of photo booth companies in Melbourne, and most of them take a nice photo. The difference shows up in everything around the photo: how quickly you get an answer, who turns up on the night, and what happens if your plans change. Here is what you can expect from ${business.name}.</p>

<h2>We are local to the west</h2>
<p>We are based in ${business.address.suburb}, so the western suburbs are our home ground rather than a long drive from across town. We know the community halls, the sporting clubs, the function centres along the freeway and the backyard parties in new estates. Delivery is free within ${policy.freeDeliveryKm} km, and we cover about ${policy.serviceRadiusKm} km around ${business.address.suburb}, including ${serviceAreas.slice(1, 8).join(", ")} and more.</p>

<h2>People you can trust with your guests</h2>
<p>Every event has an attendant who stays with the booth from the first guest to the last. They set up and test everything before doors open, help shy guests with props, keep the queue moving and make sure the prints keep coming. Our attendants hold a Working with Children Check, which matters at school formals, graduations and family birthdays.</p>

<h2>Three booths, one standard of quality</h2>
<p>Every booth uses a mirrorless camera, proper flash lighting and a touch-screen tablet, so photos are sharp and flattering even in a dim hall. Choose the open booth for big groups, the enclosed booth for a little privacy (it fits ${policy.enclosedBoothCapacity}), or the glam booth for elegant black-and-white portraits. The <a href="/photobooths">booth comparison</a> shows each one.</p>

<h2>Generous by default</h2>
<ul>
<li>Unlimited prints for the whole package.</li>
<li>A full props box and a choice of <a href="/backdrop">backdrops</a>.</li>
<li>Custom print templates for your names, date or logo.</li>
<li>Every photo on a USB drive or as a digital copy, plus instant sharing on the night.</li>
</ul>

<h2>Clear terms, no surprises</h2>
<p>Our quotes are in writing and valid for ${policy.quoteValidDays} days. A booking is confirmed when you reply by e-mail, and the invoice follows for the deposit or the full amount. If your date changes, the deposit can move to a new date within ${policy.depositTransferMonths} months. Everything is set out in plain language in our <a href="/terms">terms and conditions</a>, and our <a href="/privacy">privacy policy</a> explains exactly what we do with your details.</p>

<h2>Let's talk about your event</h2>
<p>Tell us the date, the venue and the kind of crowd you are expecting, and we will suggest the booth and package that fit. Start with a <a href="/quickquote">quick quote</a> or call us on ${business.phone.display}.</p>
`,
};
