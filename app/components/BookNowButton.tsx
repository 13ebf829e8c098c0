import { Link, useLocation } from "@remix-run/react";

export function BookNowButton() {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, "") === "/booking") return null;
  return (
    <Link to="/booking" className="book-now">
      Book Now
    </Link>
  );
}
