import { type ReactNode, useState } from "react";
import { Form, href } from "react-router";

interface Props {
  className?: string;
  /** The button's content around its words ("Log out", "Logging out..."); the words alone if none. */
  children?: (words: string) => ReactNode;
}

/**
 * Posts to the log-out page's action, which ends the session and loads the home page in full, as a
 * document (with or without JavaScript): every loader then sees a signed-out visitor, and nothing
 * of the dashboard (its cached data) outlives the session.
 */
export function LogOutButton({ className, children = (words) => words }: Props) {
  const [leaving, setLeaving] = useState(false);
  return (
    <Form method="post" action={href("/log-out")} reloadDocument onSubmit={() => setLeaving(true)}>
      <button type="submit" disabled={leaving} className={className}>
        {children(leaving ? "Logging out..." : "Log out")}
      </button>
    </Form>
  );
}
