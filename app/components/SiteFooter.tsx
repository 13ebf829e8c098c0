import { Link } from "@remix-run/react";
import { business } from "~/business";
import { ContactForm } from "./ContactForm";
import { FooterMap } from "./FooterMap";
import { FacebookIcon, InstagramIcon, MailIcon, PhoneIcon, PinIcon, TwitterIcon } from "./Icons";

export function SiteFooter({ year }: { year: number }) {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-contact-heading">
          <h2 id="footer-contact-heading" className="footer-heading">
            Contact
          </h2>
          <address className="footer-contact">
            <p>
              <PinIcon /> {business.location} · based in {business.address.display}
            </p>
            <p>
              <PhoneIcon /> <a href={business.phone.href}>{business.phone.display}</a>
            </p>
            <p>
              <MailIcon /> <a href={`mailto:${business.email}`}>{business.email}</a>
            </p>
          </address>
          <ul className="social-links">
            <li>
              <a href={business.social.facebook} target="_blank" rel="noopener noreferrer" aria-label="Facebook">
                <FacebookIcon />
              </a>
            </li>
            <li>
              <a href={business.social.instagram} target="_blank" rel="noopener noreferrer" aria-label="Instagram">
                <InstagramIcon />
              </a>
            </li>
            <li>
              <button
                type="button"
                className="icon-button"
                aria-label="Twitter"
                onClick={() => window.alert(business.twitterNotice)}
              >
                <TwitterIcon />
              </button>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-map-heading">
          <h2 id="footer-map-heading" className="footer-heading">
            Find us
          </h2>
          <FooterMap />
        </section>
        <ContactForm />
      </div>
      <div className="container footer-bottom">
        <p>
          © {year} {business.name}. All rights reserved.
        </p>
        <ul className="footer-links">
          <li>
            <Link to="/terms">Terms and Conditions</Link>
          </li>
          <li>
            <Link to="/privacy">Privacy Policy</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
