import { Link, useLocation } from "@remix-run/react";
import { isPrivatePath } from "~/navigation";

export function BookNowButton() {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, "") === "/booking" || isPrivatePath(pathname)) return null;
  return (
    <aside aria-label="Quick booking">
      <Link to="/booking" className="book-now">
        Book Now
      </Link>
    </aside>
  );
}
