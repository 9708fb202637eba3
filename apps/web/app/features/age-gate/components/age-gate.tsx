import { ageCookie, birthYears, gateAdmits, gateDenialMessage } from "@shop/shared/rules";
import { X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";

interface Props {
  minAge: number;
  cookieDays: number;
  onAdmit: () => void;
}

/**
 * Tab from the gate's last control goes to its first, Shift+Tab from the first to the last: the
 * page behind is inert, and without this the focus would leave for the browser's own bar.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "Tab") return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>("button, select")];
  const [first, last] = [controls[0], controls.at(-1)];
  const edge = event.shiftKey ? first : last;
  if (!edge || document.activeElement !== edge) return;
  event.preventDefault();
  (event.shiftKey ? last : first)?.focus();
}

/**
 * The spec's age gate. It is in the first HTML for every visitor without the cookie; the page
 * behind it is inert. Nothing here admits anyone but a birth year old enough, and the close
 * button only tries to leave.
 */
export function AgeGate({ minAge, cookieDays, onAdmit }: Props) {
  const [year, setYear] = useState("");
  const [denied, setDenied] = useState(false);
  const selectRef = useRef<HTMLSelectElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const currentYear = new Date().getFullYear();

  useEffect(() => {
    selectRef.current?.focus();
  }, []);

  function enter() {
    if (!year) return;
    if (gateAdmits(Number(year), currentYear, minAge)) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers buyers use
      document.cookie = ageCookie(cookieDays, window.location.protocol === "https:");
      onAdmit();
    } else {
      setDenied(true);
      window.close();
    }
  }

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-brand-900/95 p-4 backdrop-blur-md">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onKeyDown={keepFocusInside}
        className="relative w-full max-w-sm rounded-3xl bg-white p-6 shadow-2xl sm:p-8"
      >
        <Button
          variant="ghost"
          size="icon"
          onClick={() => window.close()}
          aria-label="Close"
          className="absolute top-3 right-3 text-muted hover:text-ink"
        >
          <X aria-hidden="true" className="size-5" />
        </Button>
        <h2 id={titleId} className="pr-8 font-bold text-2xl tracking-tight">
          Age Verification
        </h2>
        <p id={descriptionId} className="mt-2 text-muted">
          Please select your birth year to continue.
        </p>
        <form
          className="mt-6"
          onSubmit={(event) => {
            event.preventDefault();
            enter();
          }}
        >
          <label htmlFor={`${titleId}-year`} className="sr-only">
            Birth year
          </label>
          <select
            id={`${titleId}-year`}
            ref={selectRef}
            value={year}
            onChange={(event) => {
              setYear(event.target.value);
              setDenied(false);
            }}
            className="h-12 w-full rounded-xl border border-line bg-white px-3 text-base"
          >
            <option value="" disabled>
              Select your birth year
            </option>
            {birthYears(currentYear).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          {denied && (
            <p role="alert" className="mt-3 font-medium text-red-700 text-sm">
              {gateDenialMessage(minAge)}
            </p>
          )}
          <Button type="submit" size="lg" className="mt-4 h-12 w-full">
            Enter
          </Button>
        </form>
      </div>
    </div>
  );
}
