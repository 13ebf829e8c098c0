import { policy } from "~/business";
import type { BlogPost } from "../blog-post";
import { blogAuthor, priceClaims } from "./facts.server";

export const openVsEnclosed: BlogPost = {
  title: "Open vs Enclosed Photo Booth: Which Suits Your Event?",
  date: "2025-10-25",
  author: blogAuthor,
  slug: "open-vs-enclosed-photo-booth",
  excerpt:
    "Big groups or a little privacy? How open and enclosed photo booths compare on space, group size, lighting and atmosphere, with tips for halls and marquees in the west.",
  keywords: [
    "open photo booth",
    "enclosed photo booth",
    "photo booth comparison",
    "photo booth hire Melbourne west",
  ],
  cover: "/images/blog/open-vs-enclosed.svg",
  content: `
<p>The most common question after "how much?" is "which booth should we get?". Both our open and enclosed booths use the same camera, lighting and printing, and they cost the same. The difference is the experience they create, and that depends on your guests and your room.</p>

<h2>The open booth</h2>
<p>An open booth is a camera and screen on a stand, facing a backdrop, with no walls around it. Everyone nearby can see what is happening, which draws people in and keeps the energy up. It handles large groups with ease; we have fitted whole netball teams and entire bridal parties in one frame. The backdrop shows in every photo, so it is the best choice if you have chosen a backdrop to match your theme.</p>
<p>Choose open if you expect big groups, want the booth to be part of the party, or have a backdrop you want to show off.</p>

<h2>The enclosed booth</h2>
<p>An enclosed booth is a private space with walls or a curtain. It fits about ${policy.enclosedBoothCapacity}, and what happens inside stays inside until the print comes out. Shy guests tend to be much sillier behind a curtain, and it keeps the flash from lighting up a room during speeches or a first dance.</p>
<p>Choose enclosed if your crowd is a little camera shy, you want a classic booth feel, or the booth sits close to the dance floor or the speeches.</p>

<h2>Space and venue</h2>
<p>Both booths need a flat, dry surface and a power point within ${policy.powerWithinMetres} metres. We recommend about ${policy.recommendedSpace} for either, with ${policy.minimumSpace} as the minimum. An open booth is more flexible in awkward corners and low-ceilinged rooms, common in older halls around Footscray and Sunshine. In a marquee or on a windy Point Cook lawn, the enclosed booth's walls help keep lighting and props under control.</p>

<h2>Price</h2>
<p>Open and enclosed booths are priced the same, around ${priceClaims.standardThreeHours}, and ${priceClaims.standardFrom} for shorter events. Both include unlimited prints, props, an attendant and a digital copy of every photo. See every length on the <a href="/packages">packages page</a>.</p>

<h2>Still deciding?</h2>
<p>A simple rule: if the guest list is over a hundred or the event is all about the dance floor, go open. If it is an intimate wedding, a formal dinner or a crowd that needs coaxing, go enclosed. Have a look at the <a href="/open-booth">open booth</a> and <a href="/enclosed-booth">enclosed booth</a> pages, or ask us in a <a href="/quickquote">quick quote request</a>.</p>
`,
};
