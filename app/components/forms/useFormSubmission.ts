import { useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { fetchModeField, fetchModeValue, type FieldErrors } from "~/input/fields";
import { messages } from "~/input/messages";
import type { FormResult } from "~/input/result";
import type { Status } from "./FormStatus";

interface Options {
  /** The route whose action handles the form. */
  action: string;
  /** What the server rendered after a submission without JavaScript. */
  initial: FormResult | undefined;
  /** A check before sending; returns the message to show, or null to send. */
  check?: (data: FormData) => string | null;
  /** Adds fields made at the moment of sending. */
  prepare?: (data: FormData) => void;
  /** Shown on success just before moving on; none clears the status instead. */
  successText?: string;
}

/** Long enough to read the success message before the next page replaces it. */
const successPauseMs = 1200;

function failureStatus(result: FormResult | undefined): Status | null {
  return result && !result.ok ? { tone: "error", text: result.message, detail: result.detail } : null;
}

/**
 * Progressive enhancement of a plain POST form: with JavaScript it submits through a fetcher
 * (no reload), shows 'Sending...', then the result; on success it clears the form and goes on
 * to the address the action names.
 */
export function useFormSubmission({ action, initial, check, prepare, successText }: Options) {
  const fetcher = useFetcher<FormResult>();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const awaiting = useRef(false);
  const [status, setStatus] = useState<Status | null>(() => failureStatus(initial));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(initial && !initial.ok ? initial.fieldErrors : {});

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || !awaiting.current) return;
    awaiting.current = false;
    const result = fetcher.data;
    if (result.ok) {
      formRef.current?.reset();
      setFieldErrors({});
      setStatus(successText ? { tone: "success", text: successText } : null);
      const timer = setTimeout(() => navigate(result.redirectTo), successText ? successPauseMs : 0);
      return () => clearTimeout(timer);
    }
    setFieldErrors(result.fieldErrors);
    setStatus(failureStatus(result));
  }, [fetcher.state, fetcher.data, navigate, successText]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const problem = check?.(data);
    if (problem) {
      setStatus({ tone: "error", text: problem });
      return;
    }
    prepare?.(data);
    data.set(fetchModeField, fetchModeValue);
    awaiting.current = true;
    fetcher.submit(data, { method: "post", action });
  }

  const shown: Status | null = fetcher.state === "idle" ? status : { tone: "progress", text: messages.sending };
  return { formRef, onSubmit, status: shown, fieldErrors, busy: fetcher.state !== "idle" };
}
