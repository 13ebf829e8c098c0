import type { Testimonial } from "~/content/home";

export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  return (
    <ul className="testimonial-list card-grid">
      {items.map((item) => (
        <li key={item.name} className="testimonial">
          <figure>
            <blockquote>
              <p>{item.quote}</p>
            </blockquote>
            <figcaption>
              <strong>{item.name}</strong>
              <span>{item.event}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
