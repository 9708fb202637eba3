import type { MasterCategory } from "@shop/shared";
import { Leaf, Menu, Search, ShoppingCart, UserRound } from "lucide-react";
import { Suspense, useCallback, useState } from "react";
import { href, Link, NavLink } from "react-router";
import { LogOutButton } from "../../features/account/components/log-out-button.tsx";
import { blogSections } from "../../features/blog/sections.ts";
import { useCart } from "../../features/cart/components/cart-context.tsx";
import { useHeroUnderHeader } from "../../hooks/use-hero-under-header.ts";
import { useEscapeWhileOpening } from "../../hooks/use-modal-dialog.ts";
import { useScrolled } from "../../hooks/use-scrolled.ts";
import { lazyPart } from "../../lib/lazy-part.ts";
import { buttonClass } from "../ui/button.tsx";
import { DropdownLink, HeaderDropdown } from "./header-dropdown.tsx";
import { profileLinks, type Visitor } from "./profile-links.ts";

const MobileMenu = lazyPart(() => import("./mobile-menu.tsx"));
const HeaderSearch = lazyPart(() => import("./header-search.tsx"));

/**
 * The spec's seven categories are named in the bar itself (all of them are in the Shop menu): a
 * shop with more, or with long names, shortens them with an ellipsis rather than pushing the cart
 * off the screen.
 */
const INLINE_CATEGORIES = 7;

/** The spec's header switches style once the page is scrolled more than 10 px. */
const SCROLL_THRESHOLD = 10;

/**
 * Fixed at the top: transparent until the page scrolls, then a translucent white bar with a
 * shadow and dark text. Over a dark hero (the home page) its text starts light.
 */
export function StoreHeader({
  categories,
  user,
  store,
}: {
  categories: MasterCategory[];
  user: Visitor | null;
  /** The shop's name, and its logo (Settings) shown in its place, 32 px high. */
  store: { name: string; logo: { src: string; width: number } | null };
}) {
  const scrolled = useScrolled(SCROLL_THRESHOLD);
  const overHero = useHeroUnderHeader();
  const cartCount = useCart().cart?.totalItems ?? 0;
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useEscapeWhileOpening(menuOpen, closeMenu);
  const closeSearch = useCallback(() => setSearchOpen(false), []);
  useEscapeWhileOpening(searchOpen, closeSearch);
  const look = scrolled
    ? "bg-white/85 text-ink shadow-md backdrop-blur"
    : overHero
      ? "bg-transparent text-white"
      : "bg-transparent text-ink";
  const navLink = ({ isActive }: { isActive: boolean }) =>
    `whitespace-nowrap rounded-full px-2.5 py-2 font-medium text-sm hover:bg-black/5 ${isActive ? "underline underline-offset-4" : ""}`;

  return (
    <header data-scrolled={scrolled} className={`fixed inset-x-0 top-0 z-30 transition-colors duration-200 ${look}`}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link to={href("/")} className="mr-2 flex shrink-0 items-center gap-2 font-bold text-lg tracking-tight">
          {store.logo ? (
            <img
              src={store.logo.src}
              alt={store.name}
              width={store.logo.width}
              height={32}
              className="store-logo h-8 w-auto"
            />
          ) : (
            <>
              {/* White over the hero: the green mark would vanish on a green slide. */}
              <span
                className={`inline-flex size-8 items-center justify-center rounded-full ${
                  overHero && !scrolled ? "bg-white text-brand-700" : "bg-brand-700 text-white"
                }`}
              >
                <Leaf aria-hidden="true" className="size-4" />
              </span>
              {store.name}
            </>
          )}
        </Link>

        <nav aria-label="Main" className="hidden min-w-0 flex-1 items-center gap-1 lg:flex">
          <HeaderDropdown label="Shop">
            <DropdownLink>
              <Link to={href("/products")}>Products</Link>
            </DropdownLink>
            <DropdownLink>
              <Link to={href("/coas")}>COA's</Link>
            </DropdownLink>
            {categories.map((category) => (
              <DropdownLink key={category.id}>
                <Link to={`${href("/products")}?category=${category.slug}`}>{category.name}</Link>
              </DropdownLink>
            ))}
          </HeaderDropdown>
          <ul className="hidden min-w-0 items-center xl:flex">
            {categories.slice(0, INLINE_CATEGORIES).map((category) => (
              <li key={category.id} className="min-w-0">
                <Link
                  to={`${href("/products")}?category=${category.slug}`}
                  className="block truncate whitespace-nowrap rounded-full px-1 py-2 font-medium text-sm hover:bg-black/5"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
          <HeaderDropdown label="Blog">
            {blogSections.map((section) => (
              <DropdownLink key={section.slug}>
                <Link to={href(`/blog/${section.slug}`)}>{section.label}</Link>
              </DropdownLink>
            ))}
          </HeaderDropdown>
          <NavLink to={href("/about-us")} className={navLink}>
            About Us
          </NavLink>
          <NavLink to={href("/contact-us")} className={navLink}>
            Contact Us
          </NavLink>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <button
            type="button"
            onClick={() => setSearchOpen(true)}
            onPointerEnter={HeaderSearch.preload}
            onFocus={HeaderSearch.preload}
            aria-label="Search"
            aria-expanded={searchOpen}
            className={buttonClass({ variant: "ghost", size: "icon", className: "size-10" })}
          >
            <Search aria-hidden="true" className="size-5" />
          </button>
          {/* From xl the category links need the room: the trigger shows its icon alone, no chevron. */}
          <div className="hidden lg:block xl:[&_button>svg:last-child]:hidden">
            <HeaderDropdown
              align="right"
              label={
                <>
                  <UserRound aria-hidden="true" className="size-4" />
                  <span className="max-w-28 truncate xl:sr-only">{user ? user.firstName : "Account"}</span>
                  {user && <span className="sr-only">, your account</span>}
                </>
              }
            >
              {user && <li className="px-3 pt-1 pb-2 text-muted text-xs">Signed in as {user.firstName}</li>}
              {profileLinks(user).map(({ to, label }) => (
                <DropdownLink key={to}>
                  <Link to={to}>{label}</Link>
                </DropdownLink>
              ))}
              {user && (
                <DropdownLink>
                  <LogOutButton />
                </DropdownLink>
              )}
            </HeaderDropdown>
          </div>
          <Link
            to={href("/cart")}
            className={buttonClass({ variant: "ink", size: "sm", className: "hidden lg:inline-flex" })}
          >
            <ShoppingCart aria-hidden="true" className="size-4" />
            Cart
            <span className="min-w-5 rounded-full bg-white px-1.5 text-center text-ink text-xs tabular-nums">
              <span className="sr-only">, </span>
              {cartCount}
              <span className="sr-only"> items</span>
            </span>
          </Link>
          <Link
            to={user ? href("/account") : href("/registration")}
            aria-label={user ? "My account" : "Log in or sign up"}
            className={buttonClass({ variant: "ghost", size: "icon", className: "size-10 lg:hidden" })}
          >
            <UserRound aria-hidden="true" className="size-5" />
          </Link>
          <Link
            to={href("/cart")}
            aria-label={`Cart, ${cartCount} items`}
            className={buttonClass({ variant: "ghost", size: "icon", className: "relative size-10 lg:hidden" })}
          >
            <ShoppingCart aria-hidden="true" className="size-5" />
            {cartCount > 0 && (
              <span className="absolute top-0.5 right-0.5 min-w-4 rounded-full bg-brand-600 px-1 text-center font-bold text-[10px] text-white leading-4">
                {cartCount}
              </span>
            )}
          </Link>
          <button
            type="button"
            onClick={() => setMenuOpen(true)}
            onPointerEnter={MobileMenu.preload}
            onFocus={MobileMenu.preload}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            className={buttonClass({ variant: "ghost", size: "icon", className: "size-10 lg:hidden" })}
          >
            <Menu aria-hidden="true" className="size-6" />
          </button>
        </div>
      </div>
      {searchOpen && (
        <Suspense>
          <HeaderSearch onClose={closeSearch} />
        </Suspense>
      )}
      {menuOpen && (
        <Suspense>
          <MobileMenu onClose={closeMenu} categories={categories} cartCount={cartCount} user={user} />
        </Suspense>
      )}
    </header>
  );
}
