import { href, Link } from "react-router";
import { buttonClass } from "./ui/button.tsx";

const titles: Record<number, string> = {
  400: "That request did not work",
  404: "We could not find that page",
  500: "Something went wrong",
};

export function ErrorPage({ status, message }: { status: number; message: string }) {
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <p className="font-semibold text-brand-600 text-sm">Error {status}</p>
      <h1 className="mt-2 font-bold text-3xl tracking-tight">{titles[status] ?? titles[500]}</h1>
      <p className="mt-4 text-muted">{message}</p>
      <div className="mt-8 flex gap-3">
        <Link to={href("/products")} className={buttonClass()}>
          Browse products
        </Link>
        <Link to={href("/")} className={buttonClass({ variant: "secondary" })}>
          Go home
        </Link>
      </div>
    </main>
  );
}
