import { honeypotField } from "~/input/fields";

/** A field people never see or reach; bots that fill in every field give themselves away. */
export function Honeypot() {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label>
        Leave this empty
        <input type="text" name={honeypotField} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
