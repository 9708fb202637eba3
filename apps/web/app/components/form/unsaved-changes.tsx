import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useMemo, useRef } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { type BlockerFunction, useBlocker } from "react-router";
import { asksBeforeLeaving, type FormWatch, firstUnsaved, leaveQuestion } from "../../lib/unsaved-changes.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";

type Watches = Map<string, { current: FormWatch }>;

const WatchesContext = createContext<Watches | null>(null);

/**
 * The dashboard's one guard for forms with unsaved changes (decision 052): moving to another page
 * in the app (a link, the sidebar, Back) asks in the shop's dialog; closing or reloading the tab
 * gets the browser's own question. Forms take part with useUnsavedChanges.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const watches = useMemo<Watches>(() => new Map(), []);
  const forms = useCallback(() => Array.from(watches.values(), (watch) => watch.current), [watches]);
  // Asked at the moment of leaving, so a save that moves on right after never asks.
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => asksBeforeLeaving(forms(), currentLocation, nextLocation),
    [forms],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (firstUnsaved(forms()) === null) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [forms]);

  const blocked = blocker.state === "blocked";
  const question = leaveQuestion(blocked ? (firstUnsaved(forms())?.what ?? "this form") : "this form");
  return (
    <WatchesContext.Provider value={watches}>
      {children}
      <ConfirmDialog
        open={blocked}
        title={question.title}
        confirmLabel={question.leave}
        cancelLabel={question.stay}
        destructive
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        {question.body}
      </ConfirmDialog>
    </WatchesContext.Provider>
  );
}

/**
 * Makes leaving a form with unsaved changes ask first: the form has changed fields (react-hook-form's
 * isDirty) or `alsoChanged` (a chosen file or picture the form keeps outside its fields), and is not
 * being saved. A save that keeps the page open resets the form to what was saved. Outside the
 * dashboard's guard it does nothing.
 */
export function useUnsavedChanges<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  what: string,
  alsoChanged = false,
) {
  const watches = useContext(WatchesContext);
  const { isDirty, isSubmitting } = form.formState;
  const watch = useRef<FormWatch>({ unsaved: false, what });
  watch.current = { unsaved: (isDirty || alsoChanged) && !isSubmitting, what };
  const id = useId();
  useEffect(() => {
    if (!watches) return;
    watches.set(id, watch);
    return () => {
      watches.delete(id);
    };
  }, [watches, id]);
}
