import { Eye, EyeOff, type LucideIcon, Pencil, Trash } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "./button.tsx";

/** From this width a table has room for the word beside the icon (a static class for Tailwind). */
const roomy = { xl: "xl:w-auto xl:px-3", "2xl": "2xl:w-auto 2xl:px-3" };
const word = { xl: "hidden xl:inline", "2xl": "hidden 2xl:inline" };

type Target = { to: string } | { href: string } | { onClick: () => void; busy?: boolean };

type RowActionProps = Target & {
  icon: LucideIcon;
  /** The word shown beside the icon where there is room. */
  label: string;
  /** What the action does to which row, for screen readers ("Delete “Mango Ice”"). */
  name: string;
  wordsFrom?: keyof typeof roomy | undefined;
  destructive?: boolean;
};

/** One action in a dashboard table's row: an icon button that shows its word on wide screens. */
export function RowAction({
  icon: Icon,
  label,
  name,
  wordsFrom = "xl",
  destructive = false,
  ...target
}: RowActionProps) {
  const className = buttonClass({
    variant: destructive ? "danger" : "secondary",
    size: "icon",
    className: roomy[wordsFrom],
  });
  const content = (
    <>
      <Icon aria-hidden="true" className="size-4" />
      <span className={word[wordsFrom]}>{label}</span>
    </>
  );
  if ("to" in target) {
    return (
      <Link to={target.to} aria-label={name} className={className}>
        {content}
      </Link>
    );
  }
  if ("href" in target) {
    return (
      <a href={target.href} aria-label={name} className={className}>
        {content}
      </a>
    );
  }
  const { onClick, busy } = target;
  return (
    <button
      type="button"
      onClick={() => !busy && onClick()}
      aria-disabled={busy || undefined}
      aria-label={name}
      className={className}
    >
      {content}
    </button>
  );
}

/** What the row's thing is called in its actions' names ("Mango Ice" gives Edit “Mango Ice”). */
interface NamedAction {
  thing: string;
  wordsFrom?: keyof typeof roomy | undefined;
}

/** Edit: leads to the thing's form. */
export function EditRowAction({ thing, to, wordsFrom }: NamedAction & { to: string }) {
  return <RowAction icon={Pencil} label="Edit" name={`Edit “${thing}”`} to={to} wordsFrom={wordsFrom} />;
}

/** Delete: asks first (the page's `onClick` opens its confirmation). */
export function DeleteRowAction({ thing, onClick, wordsFrom }: NamedAction & { onClick: () => void }) {
  return (
    <RowAction
      icon={Trash}
      label="Delete"
      name={`Delete “${thing}”`}
      onClick={onClick}
      wordsFrom={wordsFrom}
      destructive
    />
  );
}

/** Deactivate an active thing, activate an inactive one; `busy` while the change is on its way. */
export function ActiveRowAction({
  thing,
  active,
  onClick,
  busy,
  wordsFrom,
}: NamedAction & { active: boolean; onClick: () => void; busy: boolean }) {
  const verb = active ? "Deactivate" : "Activate";
  return (
    <RowAction
      icon={active ? EyeOff : Eye}
      label={verb}
      name={`${verb} “${thing}”`}
      onClick={onClick}
      busy={busy}
      wordsFrom={wordsFrom}
    />
  );
}
