import type { MasterCategory } from "@shop/shared";
import { Link } from "react-router";
import { STORE_NAME } from "../../lib/store.ts";

export function StoreFooter({ categories }: { categories: MasterCategory[] }) {
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-3 sm:px-6">
        <div>
          <p className="font-bold text-lg text-white">{STORE_NAME}</p>
          <p className="mt-2 max-w-xs text-brand-100 text-sm">
            Lab-tested hemp, kratom and vape products for adults. Every batch has its certificate of analysis.
          </p>
        </div>
        <nav aria-label="Shop">
          <p className="font-semibold text-sm text-white">Shop</p>
          <ul className="mt-3 grid grid-cols-2 gap-2 text-brand-100 text-sm">
            <li>
              <Link to="/products" className="hover:text-white">
                All products
              </Link>
            </li>
            {categories.map((category) => (
              <li key={category.id}>
                <Link to={`/products?category=${category.slug}`} className="hover:text-white">
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-brand-100 text-sm">
          <p className="font-semibold text-white">Adults only</p>
          <p className="mt-3">
            Our products are sold only to adults of legal age; vapes and intoxicating hemp to buyers 21 and over. Not
            for use by pregnant or nursing women.
          </p>
        </div>
      </div>
      <p className="border-brand-700 border-t px-4 py-4 text-center text-brand-100 text-xs">
        © {new Date().getFullYear()} {STORE_NAME}
      </p>
    </footer>
  );
}
