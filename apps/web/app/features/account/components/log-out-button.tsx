import { useState } from "react";
import { href } from "react-router";

/**
 * Ends the session, then loads the home page in full so that every loader (the header's too)
 * sees a signed-out visitor. If the call fails, the loaded page shows the true state. The API
 * client loads on the click: the header that holds this button paints without it.
 */
export function LogOutButton({ className }: { className?: string }) {
  const [leaving, setLeaving] = useState(false);
  async function logOut() {
    setLeaving(true);
    const { apiRequest } = await import("../../../lib/api.ts");
    await apiRequest<null>("/api/Auth/logout", { method: "POST" }).catch(() => null);
    window.location.assign(href("/"));
  }
  return (
    <button type="button" onClick={logOut} disabled={leaving} className={className}>
      {leaving ? "Logging out..." : "Log out"}
    </button>
  );
}
