import type { MasterCategory, StoreProfile } from "@shop/shared";
import { USUAL_PURCHASE_AGE } from "@shop/shared/rules";
import { href, Link } from "react-router";
import { formatPhone } from "../../lib/format.ts";
import { blogLinks, categoryLinks, type StoreLink } from "./store-links.ts";

const help = [
  { to: href("/contact-us"), label: "Contact Us" },
  { to: href("/about-us"), label: "About Us" },
  { to: href("/shipping-policy"), label: "Shipping Policy" },
  { to: href("/return-policy"), label: "Return Policy" },
  { to: href("/privacy-policy"), label: "Privacy Policy" },
  { to: href("/terms-and-conditions"), label: "Terms and Conditions" },
];

const link = "hover:text-white hover:underline";

function Column({ title, links }: { title: string; links: StoreLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-semibold text-sm text-white">{title}</h2>
      <ul className="mt-3 space-y-2 text-brand-100 text-sm">
        {links.map(({ to, label }) => (
          <li key={to}>
            <Link to={to} className={link}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Loaded after the page (React.lazy in the layout): policies, contact, categories and the blog. */
export default function StoreFooter({
  categories,
  store,
  purchaseMinAge,
}: {
  categories: MasterCategory[];
  store: StoreProfile;
  /** The shop's age to buy (a setting); rules may hold some products to 21. */
  purchaseMinAge: number;
}) {
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.3fr_1fr_1fr_1fr]">
        <div>
          <p className="font-bold text-lg text-white">{store.name}</p>
          <p className="mt-2 max-w-xs text-brand-100 text-sm">
            Vapes, hemp and kratom for adults. Every hemp, kratom and alkaloid batch has its certificate of analysis.
          </p>
          <p className="mt-4 text-brand-100 text-sm">
            <a href={`mailto:${store.email}`} className={link}>
              {store.email}
            </a>
            {store.phone && (
              <>
                <br />
                {formatPhone(store.phone)}
              </>
            )}
          </p>
          <p className="mt-4 max-w-xs text-brand-100 text-xs">
            Sold only to buyers {purchaseMinAge} and over
            {purchaseMinAge < USUAL_PURCHASE_AGE &&
              `; vapes and what else the law sells at ${USUAL_PURCHASE_AGE} only to buyers ${USUAL_PURCHASE_AGE} and over`}
            . Not for use by pregnant or nursing women.
          </p>
        </div>
        <Column title="Shop" links={[{ to: href("/products"), label: "All products" }, ...categoryLinks(categories)]} />
        <Column title="Help" links={help} />
        <Column title="Blog" links={blogLinks} />
      </div>
      <p className="border-brand-700 border-t px-4 py-4 text-center text-brand-100 text-xs">
        © {new Date().getFullYear()} {store.name}
      </p>
    </footer>
  );
}
