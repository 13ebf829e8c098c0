import type { BookingPageView } from "~/bookings/booking-page/booking-page.server";

/** "Your photos": the gallery the owner posted after the event, first on the booking page. */
export function PhotosSection({ photos }: { photos: BookingPageView["photos"] }) {
  if (!photos) return null;
  return (
    <section id="photos" className="form-card booking-photos" aria-labelledby="photos-heading">
      <h2 id="photos-heading">Your photos</h2>
      <p>Every shot and a digital copy of every print, in a private gallery you can download from.</p>
      <p>
        <a href={photos.url} className="button button-primary" rel="noopener noreferrer">
          Open your photos
        </a>
      </p>
    </section>
  );
}
