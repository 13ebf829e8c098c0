import { Link } from "@remix-run/react";
import type { LandingAction } from "~/content/landing/types";

export function LandingActions({ actions }: { actions: readonly LandingAction[] }) {
  return (
    <p className="button-row landing-actions">
      {actions.map((action, index) => (
        <Link key={action.to} to={action.to} className={`button ${index === 0 ? "button-primary" : "button-secondary"}`}>
          {action.label}
        </Link>
      ))}
    </p>
  );
}
