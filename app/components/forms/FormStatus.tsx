export interface Status {
  tone: "progress" | "success" | "error";
  text: string;
  detail?: string;
}

function AlertIcon() {
  return (
    <svg className="form-status-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path d="M12 7v6" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      <circle cx="12" cy="17" r="1.4" fill="#fff" />
    </svg>
  );
}

/** A live region that is always present, so screen readers announce every change of status. */
export function FormStatus({ status, withIcon = false }: { status: Status | null; withIcon?: boolean }) {
  return (
    <div role="status" className={`form-status${status ? ` form-status-${status.tone}` : ""}`}>
      {status ? (
        <p className="form-status-text">
          {withIcon && status.tone === "error" ? <AlertIcon /> : null}
          <span>{status.text}</span>
        </p>
      ) : null}
      {status?.detail ? <p className="form-status-detail">{status.detail}</p> : null}
    </div>
  );
}
