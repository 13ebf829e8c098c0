import { Link, useLocation } from "@remix-run/react";
import { isPrivatePath } from "~/navigation";

const label = "Book Now";

export function BookNowButton() {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, "") === "/booking" || isPrivatePath(pathname)) return null;
  return (
    <aside aria-label="Quick booking">
      {/* Its label is drawn from the attribute, which arrives whole with the tag: a slow connection that
          splits the text ("Book" now, "Now" later) would widen a button pinned to the right, moving it. */}
      <Link to="/booking" className="book-now" aria-label={label} data-label={label} />
    </aside>
  );
}
