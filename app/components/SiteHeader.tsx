import { Link, NavLink } from "@remix-run/react";
import { useRef } from "react";
import { business } from "~/business";
import { navItems } from "~/navigation";
import { CameraIcon, MenuIcon, PhoneIcon } from "./Icons";

function NavList({ onChoose }: { onChoose?: () => void }) {
  return (
    <ul className="nav-list">
      {navItems.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end prefetch="intent" className="nav-link" onClick={onChoose}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function SiteHeader() {
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => menu.current?.removeAttribute("open");

  return (
    <header className="site-header">
      <div className="container header-bar">
        <Link to="/" className="logo" aria-label={`${business.name} home`}>
          <CameraIcon className="logo-mark" />
          <span className="logo-text">{business.name}</span>
        </Link>
        <nav className="nav-desktop" aria-label="Main">
          <NavList />
        </nav>
        <a className="call-button" href={business.phone.href} aria-label={`Call ${business.phone.display}`}>
          <PhoneIcon />
        </a>
        {/* <details> opens and closes with no JavaScript; with it, choosing an item closes the menu. */}
        <details className="nav-mobile" ref={menu}>
          <summary className="menu-toggle" aria-label="Menu">
            <MenuIcon />
          </summary>
          <nav className="nav-mobile-panel" aria-label="Mobile">
            <NavList onChoose={closeMenu} />
          </nav>
        </details>
      </div>
    </header>
  );
}
