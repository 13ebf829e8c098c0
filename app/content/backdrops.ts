import type { MediaKey } from "~/media";

export interface Backdrop {
  id: string;
  title: string;
  description: string;
  image: MediaKey;
}

export const backdrops: Backdrop[] = [
  {
    id: "black",
    title: "Black",
    description: "Deep black drapes that make colours pop and suit evening events, galas and the glam booth.",
    image: "backdropBlack",
  },
  {
    id: "white",
    title: "White",
    description: "Soft white drapes for a bright, clean look that flatters every outfit, a favourite at weddings.",
    image: "backdropWhite",
  },
  {
    id: "graduation",
    title: "Graduation",
    description: "Dark drapes scattered with gold caps, made for formals, valedictory dinners and uni balls.",
    image: "backdropGraduation",
  },
  {
    id: "floral",
    title: "Floral",
    description: "A wall of blooms in lilac and berry tones for engagements, bridal showers and garden parties.",
    image: "backdropFloral",
  },
];
