import { KeyRound } from "lucide-react";
import type { ReactNode } from "react";

/** The frame of the forgotten-password pages: the key, the page's title, and what goes under it. */
export function PasswordPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 sm:py-24">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <KeyRound aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 text-center font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
      {children}
    </main>
  );
}
