import type { MediaKey } from "~/media";

export interface EventCard {
  /** The card's id is also its page: /{id}. Both graduation cards lead to /graduation. */
  id: "weddings" | "birthday" | "corporate-events" | "graduation";
  title: string;
  description: string;
  offers: [string, string, string, string];
  image: MediaKey;
}

export const eventCards: EventCard[] = [
  {
    id: "weddings",
    title: "Weddings",
    description: "Give your guests something to do between the speeches and the dance floor, and give yourselves a guest book full of real smiles.",
    offers: ["A print template with your names and date", "Floral, white or black backdrops", "A copy of every print for your guest book", "An online gallery to share after the big day"],
    image: "eventWedding",
  },
  {
    id: "birthday",
    title: "Birthday Parties",
    description: "From a first birthday to a surprise 60th, the booth gets every generation in the frame, and every guest goes home with a print.",
    offers: ["Props picked for your theme", "GIFs and boomerangs for the group chat", "Unlimited prints all night", "Setup in homes, halls and backyards"],
    image: "eventBirthday",
  },
  {
    id: "corporate-events",
    title: "Corporate Events",
    description: "End-of-year parties, launches and expos across Melbourne: a booth that entertains your people and puts your brand in every photo.",
    offers: ["Branded prints and start screen", "E-mail capture with guests' consent", "Instant sharing to boost your reach", "Half-day and full-day packages"],
    image: "eventCorporate",
  },
  {
    id: "graduation",
    title: "University Open Days",
    description: "Give future students a reason to stop at your stand, and a branded print that keeps your campus on their fridge.",
    offers: ["Faculty or campus-branded templates", "Fast prints that keep the queue moving", "Data capture for follow-up", "All-day attendants for busy crowds"],
    image: "eventUniversity",
  },
  {
    id: "graduation",
    title: "School Graduations",
    description: "Year 12 formals, valedictory dinners and primary school farewells: caps, gowns and a photo to mark the moment.",
    offers: ["Graduation backdrop and props", "School colours on the print template", "Attendants with a Working with Children Check", "USB of every photo for the yearbook"],
    image: "eventSchool",
  },
];

export function eventPath(card: EventCard): string {
  return `/${card.id}`;
}
