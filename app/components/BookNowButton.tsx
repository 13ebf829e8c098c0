import { Link, useLocation } from "@remix-run/react";

export function BookNowButton() {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, "") === "/booking") return null;
  return (
    <aside aria-label="Quick booking">
      <Link to="/booking" className="book-now">
        Book Now
      </Link>
    </aside>
  );
}
